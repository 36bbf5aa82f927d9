// engine/core/status_macros.h: small helpers for absl::Status.
//
// abseil 20220623 has no ASSIGN_OR_RETURN; these two macros cover the engine's
// needs:
//   IMPI_RETURN_IF_ERROR(Validate(state));
//   IMPI_ASSIGN_OR_RETURN(auto point, RollPerimeterPoint(state, dice));
#ifndef IMPI_ENGINE_CORE_STATUS_MACROS_H_
#define IMPI_ENGINE_CORE_STATUS_MACROS_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#define IMPI_RETURN_IF_ERROR(expr)                 \
  do {                                             \
    ::absl::Status impi_status_ = (expr);          \
    if (!impi_status_.ok()) return impi_status_;   \
  } while (0)

#define IMPI_STATUS_CONCAT_INNER_(a, b) a##b
#define IMPI_STATUS_CONCAT_(a, b) IMPI_STATUS_CONCAT_INNER_(a, b)

#define IMPI_ASSIGN_OR_RETURN(lhs, expr) \
  IMPI_ASSIGN_OR_RETURN_IMPL_(IMPI_STATUS_CONCAT_(impi_statusor_, __LINE__), lhs, expr)

#define IMPI_ASSIGN_OR_RETURN_IMPL_(statusor, lhs, expr) \
  auto statusor = (expr);                                \
  if (!statusor.ok()) return statusor.status();          \
  lhs = std::move(statusor).value()

#endif  // IMPI_ENGINE_CORE_STATUS_MACROS_H_
