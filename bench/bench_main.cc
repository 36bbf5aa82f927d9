// bench/bench_main.cc: main() of the benchmarks that play rule sets: registers
// every rule set, wire adapter and policy (root/register.h), then runs the
// benchmarks as Google Benchmark's own main would.
#include "benchmark/benchmark.h"
#include "root/register.h"

int main(int argc, char** argv) {
  impi::RegisterEverything();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
