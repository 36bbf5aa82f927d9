// tests/test_main.cc: main() of the test binaries that play through the
// registries (service, conformance, ai, CLI): registers every rule set, wire
// adapter and policy (root/register.h), as the binaries do, then runs the
// tests. Registration comes before InitGoogleTest, which evaluates the
// parameter generators (some list the registered rule sets).
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "root/register.h"

int main(int argc, char** argv) {
  impi::RegisterEverything();
  testing::InitGoogleMock(&argc, argv);
  return RUN_ALL_TESTS();
}
