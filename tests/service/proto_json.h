// tests/service/proto_json.h: a message as the JSON/HTTP front expects it
// (proto3 JSON, the .proto field names), for the HTTP tests.
#ifndef IMPI_TESTS_SERVICE_PROTO_JSON_H_
#define IMPI_TESTS_SERVICE_PROTO_JSON_H_

#include <google/protobuf/message.h>
#include <google/protobuf/util/json_util.h>

#include <string>

namespace impi::service::testing {

inline std::string ProtoJson(const google::protobuf::Message& m) {
  google::protobuf::util::JsonPrintOptions o;
  o.preserve_proto_field_names = true;
  std::string json;
  (void)google::protobuf::util::MessageToJsonString(m, &json, o);
  return json;
}

}  // namespace impi::service::testing

#endif  // IMPI_TESTS_SERVICE_PROTO_JSON_H_
