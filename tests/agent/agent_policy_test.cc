// Outside agents (service/agent_policy.h, proto/impi/v1/agent.proto): a side
// played over gRPC by an agent on 127.0.0.1 (an ephemeral port), whole
// games to the end.
//
// - The example agents (clients/agents/python/agent.py and
//   clients/agents/node/agent.js) are started as subprocesses; each prints
//   "listening on HOST:PORT" first. A test of one is skipped only when its
//   interpreter (or the Node agent's libraries) is missing; ./dev installs them.
// - A faulty agent is served in-process (FaultyAgent below): it answers an
//   index out of range, an action not among the legal, no choice, an error,
//   sleeps past the deadline, or goes away mid-game. Every fault is counted
//   by kind, and the game ends as the same game with the side's RULES policy
//   does: a fault's move is RULES', with the same dice.
//
// Which games: the Zulu side of Ferree's Isandlwana (tens of Zulu decisions
// that are real choices: the driver asks no policy where one action is
// legal) and the British side of Zulu Control's patrol (its British
// decisions are the game's only choices: the Zulus are the umpire's).
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <netinet/in.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "clients/cli/arena_command.h"
#include "clients/cli/request_io.h"
#include "clients/cli/simulate.h"
#include "engine/game/game.h"
#include "engine/game/policy.h"
#include "engine/game/ruleset.h"
#include "engine/rulesets/tsatf/british_resolution.h"
#include "grpcpp/grpcpp.h"
#include "gtest/gtest.h"
#include "impi/v1/agent.grpc.pb.h"
#include "service/agent_policy.h"
#include "service/convert.h"

namespace impi {
namespace {

using service::AgentCounts;
using service::AgentStatsFor;

// A generous deadline for agents that answer at once: a loaded machine does
// not turn a good answer into a time-out.
constexpr int kGenerousMs = 10000;

struct Scenario {
  std::string ruleset;
  std::string name;
  Side agent_side;
};
const Scenario kIsandlwanaZulu{"FERREE_ISANDLWANA", "isandlwana", Side::kZulu};
const Scenario kPatrolBritish{"TSATF_ZULU_CONTROL", "tsatf_patrol", Side::kBritish};

BattleState LoadStart(const Scenario& sc) {
  absl::StatusOr<v1::TableState> table = cli::LoadScenario(sc.name);
  EXPECT_TRUE(table.ok()) << table.status();
  absl::StatusOr<BattleState> s = service::StateFromProto(*table);
  EXPECT_TRUE(s.ok()) << s.status();
  if (s->ruleset == "TSATF_ZULU_CONTROL" &&
      s->ParameterOr(tsatf::kResolveBritishParam, -1.0) < 0.0) {
    s->parameters.push_back({tsatf::kResolveBritishParam, 1.0});  // as impi simulate does
  }
  return *s;
}

struct Played {
  bool over = false;
  int steps = 0;
  double zulu_score = 0.0;
  std::string zulu_key;     // what each side knows at the end (the whole table)
  std::string british_key;
  AgentCounts counts;       // the agent's, over this game
};

AgentCounts Minus(const AgentCounts& a, const AgentCounts& b) {
  AgentCounts d;
  d.calls = a.calls - b.calls;
  d.errors = a.errors - b.errors;
  d.timeouts = a.timeouts - b.timeouts;
  d.illegal = a.illegal - b.illegal;
  return d;
}

// Plays one whole game through the game interface: the agent's side by
// `agent_spec` (RULES when it is null), the other by RULES.
Played Play(const Scenario& sc, uint64_t seed, const PolicySpec* agent_spec) {
  Played out;
  const Ruleset* rules = FindRuleset(sc.ruleset);
  EXPECT_NE(rules, nullptr);
  if (rules == nullptr) return out;
  absl::StatusOr<Game> g = Game::Start(*rules, LoadStart(sc), seed);
  EXPECT_TRUE(g.ok()) << g.status();
  if (!g.ok()) return out;
  PolicySpec plain;
  plain.kind = PolicyKind::kRules;
  const Side other = sc.agent_side == Side::kZulu ? Side::kBritish : Side::kZulu;
  std::unique_ptr<Policy> mine =
      MakePolicy(sc.ruleset, sc.agent_side, agent_spec != nullptr ? *agent_spec : plain);
  std::unique_ptr<Policy> theirs = MakePolicy(sc.ruleset, other, plain);
  EXPECT_NE(mine, nullptr);
  const std::string address = agent_spec != nullptr ? agent_spec->agent_address : "";
  const AgentCounts before = AgentStatsFor(address)->Counts();
  Dice dice = Dice::Seeded(seed, /*stream=*/2);
  constexpr int kMaxSteps = 20000;  // a guard: a whole game is a few thousand
  while (!g->IsOver() && out.steps < kMaxSteps) {
    const Side side = g->ToAct();
    const std::vector<Action> legal = g->LegalActions();
    if (legal.empty()) {
      ADD_FAILURE() << "no legal action at step " << out.steps;
      return out;
    }
    Policy* p = side == sc.agent_side ? mine.get() : theirs.get();
    int i = 0;
    if (legal.size() > 1) {
      if (p == nullptr) {
        ADD_FAILURE() << "no policy for side " << static_cast<int>(side);
        return out;
      }
      i = p->Choose(g->state(), legal, dice, nullptr);
    }
    EXPECT_GE(i, 0);
    EXPECT_LT(i, static_cast<int>(legal.size()));
    absl::Status st = g->Apply(legal[i]);
    EXPECT_TRUE(st.ok()) << st;
    if (!st.ok()) return out;
    ++out.steps;
  }
  out.over = g->IsOver();
  out.zulu_score = g->Returns(Side::kZulu);
  out.zulu_key = g->InformationSetKey(Side::kZulu);
  out.british_key = g->InformationSetKey(Side::kBritish);
  out.counts = Minus(AgentStatsFor(address)->Counts(), before);
  return out;
}

PolicySpec AgentSpec(const std::string& address, int ms) {
  PolicySpec spec;
  spec.kind = PolicyKind::kAgent;
  spec.agent_address = address;
  spec.milliseconds = ms;
  return spec;
}

// The same game, to the end, as with the side's RULES policy.
void ExpectSameAsRules(const Scenario& sc, uint64_t seed, const Played& got) {
  const Played rules = Play(sc, seed, nullptr);
  EXPECT_TRUE(rules.over);
  EXPECT_EQ(got.steps, rules.steps);
  EXPECT_EQ(got.zulu_score, rules.zulu_score);
  EXPECT_EQ(got.zulu_key, rules.zulu_key);
  EXPECT_EQ(got.british_key, rules.british_key);
}

// --- A faulty agent, in-process --------------------------------------------

enum class Fault {
  kNone, kOutOfRange, kNotLegal, kNoChoice, kError, kSleep, kGoAway, kEchoAction
};

class FaultyAgent final : public v1::Agent::Service {
 public:
  // Calls before `from` (counted by this agent) are answered well.
  FaultyAgent(Fault fault, int from, int until = 1 << 30)
      : fault_(fault), from_(from), until_(until) {}

  grpc::Status Act(grpc::ServerContext*, const v1::ActRequest* request,
                   v1::ActResponse* response) override {
    int n;
    {
      std::lock_guard<std::mutex> lock(mu_);
      n = seen_++;
      requests_.push_back(*request);
      if (request->legal_actions_size() < 2) ++bad_requests_;
      if (request->view().ruleset() != request->ruleset()) ++bad_requests_;
    }
    const bool faulty = n >= from_ && n < until_;
    switch (faulty ? fault_ : Fault::kNone) {
      case Fault::kNone:
        response->set_index(0);
        return grpc::Status::OK;
      case Fault::kEchoAction:
        *response->mutable_action() = request->legal_actions(0);
        return grpc::Status::OK;
      case Fault::kOutOfRange:
        response->set_index(request->legal_actions_size());
        return grpc::Status::OK;
      case Fault::kNotLegal:
        response->mutable_action()->set_kind(v1::PASS);
        response->mutable_action()->set_unit_id("nobody");
        return grpc::Status::OK;
      case Fault::kNoChoice:
        response->set_why("no choice made");
        return grpc::Status::OK;
      case Fault::kError:
        return grpc::Status(grpc::StatusCode::INTERNAL, "this agent fails on purpose");
      case Fault::kSleep: {
        // Past any deadline: until the test lets go.
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [this] { return released_; });
        response->set_index(0);
        return grpc::Status::OK;
      }
      case Fault::kGoAway:
        if (!gone_.exchange(true)) {
          std::thread([this] { server_->Shutdown(); }).detach();
        }
        return grpc::Status(grpc::StatusCode::UNAVAILABLE, "going away");
    }
    return grpc::Status::OK;
  }

  // Listens on 127.0.0.1:`port` (0: any free port).
  void Start(int port = 0) {
    grpc::ServerBuilder b;
    b.AddListeningPort(absl::StrCat("127.0.0.1:", port), grpc::InsecureServerCredentials(), &port_);
    b.RegisterService(this);
    server_ = b.BuildAndStart();
    ASSERT_NE(server_, nullptr);
    ASSERT_GT(port_, 0);
  }
  void Stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      released_ = true;
    }
    cv_.notify_all();
    server_->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(5));
  }
  std::string address() const { return absl::StrCat("127.0.0.1:", port_); }
  int bad_requests() {
    std::lock_guard<std::mutex> lock(mu_);
    return bad_requests_;
  }
  std::vector<v1::ActRequest> requests() {
    std::lock_guard<std::mutex> lock(mu_);
    return requests_;
  }

 private:
  const Fault fault_;
  const int from_;
  const int until_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool released_ = false;
  int seen_ = 0;
  int bad_requests_ = 0;
  std::vector<v1::ActRequest> requests_;
  std::atomic<bool> gone_{false};
  int port_ = 0;
  std::unique_ptr<grpc::Server> server_;
};

class AgentPolicyTest : public testing::Test {
 protected:
  void SetUp() override { service::RegisterAgentPolicies(); }
};

TEST_F(AgentPolicyTest, RegisteredForBothSidesOfEveryRuleset) {
  for (const Ruleset* r : AllRulesets()) {
    for (Side side : {Side::kZulu, Side::kBritish}) {
      EXPECT_NE(MakePolicy(std::string(r->id()), side, AgentSpec("127.0.0.1:1", 0)), nullptr)
          << r->id();
    }
  }
}

TEST_F(AgentPolicyTest, AWellBehavedAgentPlaysTheZulusOfIsandlwanaToTheEnd) {
  FaultyAgent agent(Fault::kNone, 0);
  agent.Start();
  const PolicySpec spec = AgentSpec(agent.address(), kGenerousMs);
  const Played got = Play(kIsandlwanaZulu, 11, &spec);
  agent.Stop();
  EXPECT_TRUE(got.over);
  EXPECT_GT(got.counts.calls, 0);
  EXPECT_EQ(got.counts.faults(), 0) << got.counts.ToString();
  EXPECT_EQ(agent.bad_requests(), 0);
}

// What the British agent of the patrol is sent: its side, what is awaited,
// the legal actions, the deadline, a step counter, and the table as the
// British may know it: the umpire's book (force pool, committed regiments,
// each unit's hand and target) and the untested hidden appearance points
// are not there.
TEST_F(AgentPolicyTest, TheAgentIsSentItsSidesViewAndTheLegalActions) {
  FaultyAgent agent(Fault::kNone, 0);
  agent.Start();
  const PolicySpec spec = AgentSpec(agent.address(), kGenerousMs);
  const Played got = Play(kPatrolBritish, 12, &spec);
  agent.Stop();
  EXPECT_TRUE(got.over);
  const std::vector<v1::ActRequest> requests = agent.requests();
  ASSERT_EQ(static_cast<int>(requests.size()), got.counts.calls);
  ASSERT_FALSE(requests.empty());
  const BattleState start = LoadStart(kPatrolBritish);
  int hidden_at_start = 0;
  for (const Point& p : start.points) hidden_at_start += p.hidden ? 1 : 0;
  ASSERT_GT(hidden_at_start, 0);
  const int64_t first = requests.front().call();
  for (size_t k = 0; k < requests.size(); ++k) {
    const v1::ActRequest& r = requests[k];
    SCOPED_TRACE(absl::StrCat("request ", k));
    EXPECT_EQ(r.ruleset(), v1::TSATF_ZULU_CONTROL);
    EXPECT_EQ(r.side(), v1::BRITISH);
    EXPECT_EQ(r.awaiting().side(), v1::BRITISH);
    EXPECT_FALSE(r.awaiting().prompt().empty());
    EXPECT_GE(r.legal_actions_size(), 2);
    EXPECT_GT(r.time_left_ms(), 0);
    EXPECT_LE(r.time_left_ms(), kGenerousMs);
    EXPECT_EQ(r.call(), first + static_cast<int64_t>(k));
    EXPECT_EQ(r.view().ruleset(), v1::TSATF_ZULU_CONTROL);
    EXPECT_EQ(r.view().tsatf().force_pool(), 0);
    EXPECT_EQ(r.view().tsatf().committed(), 0);
    EXPECT_EQ(r.view().tsatf().scenario_total(), 0);
    EXPECT_EQ(r.view().tsatf().units_size(), 0);
    for (const v1::Point& p : r.view().points()) {
      EXPECT_FALSE(p.kind() == v1::APPEARANCE && p.hidden() &&
                   (p.state() == v1::POINT_STATE_UNSPECIFIED || p.state() == v1::UNTESTED))
          << "point " << p.number();
      EXPECT_EQ(p.marked_force(), v1::FORCE_KIND_UNSPECIFIED) << "point " << p.number();
    }
  }
  // The first request: hidden points of the scenario are left out.
  EXPECT_LT(requests.front().view().points_size(), static_cast<int>(start.points.size()));
}

TEST_F(AgentPolicyTest, AnAgentMayAnswerWithTheActionItself) {
  FaultyAgent agent(Fault::kEchoAction, 0);
  agent.Start();
  const PolicySpec spec = AgentSpec(agent.address(), kGenerousMs);
  const Played got = Play(kPatrolBritish, 5, &spec);
  agent.Stop();
  EXPECT_TRUE(got.over);
  EXPECT_GT(got.counts.calls, 0);
  EXPECT_EQ(got.counts.faults(), 0) << got.counts.ToString();
}

// Every answer illegal: every move is RULES', so the game is RULES' game.
TEST_F(AgentPolicyTest, OutOfRangeAnswersAreCountedAndRulesPlaysThem) {
  FaultyAgent agent(Fault::kOutOfRange, 0);
  agent.Start();
  const PolicySpec spec = AgentSpec(agent.address(), kGenerousMs);
  const Played got = Play(kIsandlwanaZulu, 3, &spec);
  agent.Stop();
  EXPECT_TRUE(got.over);
  EXPECT_GT(got.counts.calls, 0);
  EXPECT_EQ(got.counts.illegal, got.counts.calls);
  EXPECT_EQ(got.counts.errors, 0);
  EXPECT_EQ(got.counts.timeouts, 0);
  ExpectSameAsRules(kIsandlwanaZulu, 3, got);
}

TEST_F(AgentPolicyTest, ActionsNotAmongTheLegalAndNoChoiceAreIllegal) {
  for (Fault fault : {Fault::kNotLegal, Fault::kNoChoice}) {
    FaultyAgent agent(fault, 0);
    agent.Start();
    const PolicySpec spec = AgentSpec(agent.address(), kGenerousMs);
    const Played got = Play(kPatrolBritish, 2, &spec);
    agent.Stop();
    EXPECT_TRUE(got.over);
    EXPECT_GT(got.counts.calls, 0);
    EXPECT_EQ(got.counts.illegal, got.counts.calls);
    EXPECT_EQ(got.counts.errors + got.counts.timeouts, 0);
    ExpectSameAsRules(kPatrolBritish, 2, got);
  }
}

TEST_F(AgentPolicyTest, ErrorStatusesAreCountedAsErrors) {
  FaultyAgent agent(Fault::kError, 0);
  agent.Start();
  const PolicySpec spec = AgentSpec(agent.address(), kGenerousMs);
  const Played got = Play(kPatrolBritish, 4, &spec);
  agent.Stop();
  EXPECT_TRUE(got.over);
  EXPECT_GT(got.counts.calls, 0);
  EXPECT_EQ(got.counts.errors, got.counts.calls);
  EXPECT_EQ(got.counts.timeouts + got.counts.illegal, 0);
  ExpectSameAsRules(kPatrolBritish, 4, got);
}

// Two calls sleep past a deadline of 3 s; the rest are answered at once.
TEST_F(AgentPolicyTest, AnAgentPastTheDeadlineIsCountedAsATimeOut) {
  FaultyAgent agent(Fault::kSleep, /*from=*/1, /*until=*/3);
  agent.Start();
  const PolicySpec spec = AgentSpec(agent.address(), 3000);
  const Played got = Play(kIsandlwanaZulu, 7, &spec);
  agent.Stop();
  EXPECT_TRUE(got.over);
  EXPECT_GE(got.counts.calls, 3);
  EXPECT_EQ(got.counts.timeouts, 2) << got.counts.ToString();
  EXPECT_EQ(got.counts.errors + got.counts.illegal, 0);
}

// The agent answers three calls, then goes away for good: every later call
// is an error, and the game still ends.
TEST_F(AgentPolicyTest, AnAgentThatGoesAwayMidGameIsCountedAndTheGameEnds) {
  FaultyAgent agent(Fault::kGoAway, /*from=*/3);
  agent.Start();
  const PolicySpec spec = AgentSpec(agent.address(), 5000);
  const Played got = Play(kIsandlwanaZulu, 9, &spec);
  agent.Stop();
  EXPECT_TRUE(got.over);
  EXPECT_GT(got.counts.calls, 3);
  EXPECT_EQ(got.counts.errors, got.counts.calls - 3) << got.counts.ToString();
  EXPECT_EQ(got.counts.timeouts + got.counts.illegal, 0);
}

// A free port nobody listens on.
int UnusedPort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  socklen_t len = sizeof(a);
  int port = 0;
  if (bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof(a)) == 0 &&
      getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0) {
    port = ntohs(a.sin_port);
  }
  close(fd);
  return port;
}

TEST_F(AgentPolicyTest, AnUnreachableAgentIsCountedNotCrashedOn) {
  const int port = UnusedPort();
  ASSERT_GT(port, 0);
  const PolicySpec spec = AgentSpec(absl::StrCat("127.0.0.1:", port), 5000);
  const Played got = Play(kPatrolBritish, 6, &spec);
  EXPECT_TRUE(got.over);
  EXPECT_GT(got.counts.calls, 0);
  EXPECT_EQ(got.counts.errors, got.counts.calls) << got.counts.ToString();
  EXPECT_EQ(got.counts.timeouts + got.counts.illegal, 0);
  ExpectSameAsRules(kPatrolBritish, 6, got);
}

// --- The example agents, as subprocesses -----------------------------------

// A child process whose stdout's first line is "listening on HOST:PORT".
class Child {
 public:
  ~Child() { Kill(); }
  // Starts argv[0] (a path) in `dir`; returns its address, or "" (the
  // reason in *error).
  std::string Start(const std::vector<std::string>& argv, std::string* error) {
    int out[2];
    if (pipe(out) != 0) {
      *error = "pipe failed";
      return "";
    }
    pid_ = fork();
    if (pid_ == 0) {
      dup2(out[1], STDOUT_FILENO);
      close(out[0]);
      close(out[1]);
      std::vector<char*> args;
      for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      execv(args[0], args.data());
      _exit(127);
    }
    close(out[1]);
    fd_ = out[0];
    std::string line;
    // Up to a minute for the first line (a cold start on a loaded machine):
    // a guard against hanging, not a measurement.
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (line.find('\n') == std::string::npos) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          until - std::chrono::steady_clock::now());
      if (left.count() <= 0) {
        *error = "no \"listening on\" line within a minute";
        return "";
      }
      pollfd p{fd_, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
      char buf[256];
      const ssize_t n = read(fd_, buf, sizeof(buf));
      if (n <= 0) {
        *error = absl::StrCat("the agent exited before listening (stdout: ", line, ")");
        return "";
      }
      line.append(buf, static_cast<size_t>(n));
    }
    line = line.substr(0, line.find('\n'));
    const std::string prefix = "listening on ";
    if (!absl::StartsWith(line, prefix)) {
      *error = "unexpected first line: " + line;
      return "";
    }
    return line.substr(prefix.size());
  }
  void Kill() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
      pid_ = -1;
    }
    if (fd_ >= 0) {
      close(fd_);
      fd_ = -1;
    }
  }

 private:
  pid_t pid_ = -1;
  int fd_ = -1;
};

bool Runs(const std::string& command) { return std::system(command.c_str()) == 0; }

std::string PythonAgent() { return std::string(IMPI_SOURCE_DIR) + "/clients/agents/python/agent.py"; }

// A tool the test needs is missing: the test is skipped, unless it runs
// under `./dev test` (IMPI_REQUIRE_TEST_TOOLS=1), which installs every such
// tool, so that a missing one fails there instead of passing unseen.
#define TOOL_MISSING(why)                                                                        \
  do {                                                                                           \
    if (std::getenv("IMPI_REQUIRE_TEST_TOOLS") != nullptr) {                                     \
      FAIL() << why << " (./dev installs it)";                                                   \
    }                                                                                            \
    GTEST_SKIP() << why;                                                                         \
  } while (0)

// Skips unless Debian's python3 with grpcio and protobuf is there.
#define REQUIRE_PYTHON()                                                                         \
  do {                                                                                           \
    if (std::string(IMPI_PYTHON3).empty() || access(IMPI_PYTHON3, X_OK) != 0) {                  \
      TOOL_MISSING("python3 is not installed");                                                  \
    }                                                                                            \
    if (!Runs(std::string(IMPI_PYTHON3) + " -c 'import grpc' 2>/dev/null")) {                    \
      TOOL_MISSING("python3-grpcio is not installed");                                           \
    }                                                                                            \
    if (!Runs(std::string(IMPI_PYTHON3) + " -c 'import google.protobuf' 2>/dev/null")) {         \
      TOOL_MISSING("python3-protobuf is not installed");                                         \
    }                                                                                            \
  } while (0)

std::vector<std::string> PythonArgs(std::vector<std::string> extra) {
  std::vector<std::string> a = {IMPI_PYTHON3, PythonAgent(), "--port", "0", "--gen", IMPI_PYTHON_OUT};
  a.insert(a.end(), extra.begin(), extra.end());
  return a;
}

TEST_F(AgentPolicyTest, PythonAgentPlaysTheZulusOfIsandlwana) {
  REQUIRE_PYTHON();
  Child child;
  std::string error;
  const std::string address = child.Start(PythonArgs({"--strategy", "simple", "--seed", "3"}), &error);
  ASSERT_FALSE(address.empty()) << error;
  const PolicySpec spec = AgentSpec(address, kGenerousMs);
  const Played got = Play(kIsandlwanaZulu, 21, &spec);
  EXPECT_TRUE(got.over);
  EXPECT_GT(got.counts.calls, 0);
  EXPECT_EQ(got.counts.faults(), 0) << got.counts.ToString();
}

TEST_F(AgentPolicyTest, PythonAgentPlaysTheBritishOfThePatrol) {
  REQUIRE_PYTHON();
  Child child;
  std::string error;
  const std::string address = child.Start(PythonArgs({"--strategy", "random"}), &error);
  ASSERT_FALSE(address.empty()) << error;
  const PolicySpec spec = AgentSpec(address, kGenerousMs);
  const Played got = Play(kPatrolBritish, 8, &spec);
  EXPECT_TRUE(got.over);
  EXPECT_GT(got.counts.calls, 0);
  EXPECT_EQ(got.counts.faults(), 0) << got.counts.ToString();
}

// A real crash: the agent process exits in its third call.
TEST_F(AgentPolicyTest, PythonAgentThatExitsMidGameIsCountedAndTheGameEnds) {
  REQUIRE_PYTHON();
  Child child;
  std::string error;
  const std::string address =
      child.Start(PythonArgs({"--strategy", "first", "--fault", "exit", "--fault-at", "2"}), &error);
  ASSERT_FALSE(address.empty()) << error;
  const PolicySpec spec = AgentSpec(address, kGenerousMs);
  const Played got = Play(kIsandlwanaZulu, 13, &spec);
  EXPECT_TRUE(got.over);
  EXPECT_GT(got.counts.calls, 2);
  EXPECT_EQ(got.counts.errors, got.counts.calls - 2) << got.counts.ToString();
  EXPECT_EQ(got.counts.timeouts + got.counts.illegal, 0);
}

// `impi simulate --zulu grpc:HOST:PORT`: the report counts the agent's calls.
TEST_F(AgentPolicyTest, SimulateWithAGrpcZuluReportsTheAgent) {
  REQUIRE_PYTHON();
  Child child;
  std::string error;
  const std::string address = child.Start(PythonArgs({"--strategy", "first"}), &error);
  ASSERT_FALSE(address.empty()) << error;
  cli::SimulateOptions o;
  o.ruleset = "ferree";
  o.games = 1;
  o.seed = 4;
  o.zulu = "grpc:" + address;
  std::ostringstream out, err;
  EXPECT_EQ(cli::SimulateCommand(o, out, err), 0) << err.str();
  EXPECT_TRUE(absl::StrContains(out.str(), absl::StrCat("agent (zulu, ", address, "): ")))
      << out.str();
  EXPECT_GT(AgentStatsFor(address)->Counts().calls, 0);
}

// `impi simulate` of one game of the patrol, the British played by the
// agent at `address` (HOST:PORT).
cli::SimulateOptions PatrolWithBritishAgent(const std::string& address) {
  cli::SimulateOptions o;
  o.scenario = "patrol";
  o.ruleset = "tsatf";
  o.games = 1;
  o.seed = 8;
  o.british = "grpc:" + address;
  return o;
}

// `impi simulate` against an agent that is not there: stopped at once,
// the address named, no game played.
TEST_F(AgentPolicyTest, SimulateStopsAtOnceWhenNoAgentAnswers) {
  const int port = UnusedPort();
  ASSERT_GT(port, 0);
  cli::SimulateOptions o = PatrolWithBritishAgent(absl::StrCat("127.0.0.1:", port));
  o.agent_wait_ms = 200;
  std::ostringstream out, err;
  EXPECT_EQ(cli::SimulateCommand(o, out, err), 2);
  EXPECT_TRUE(absl::StrContains(
      err.str(), absl::StrCat("--british: no agent answers at 127.0.0.1:", port, " (waited 200 ms)")))
      << err.str();
  EXPECT_TRUE(absl::StrContains(err.str(), "--play-on-agent-faults")) << err.str();
  EXPECT_EQ(out.str(), "");
  EXPECT_EQ(AgentStatsFor(absl::StrCat("127.0.0.1:", port))->Counts().calls, 0);
}

// With --play-on-agent-faults the RULES policy plays every move the agent
// could not, each counted, and the run exits 0.
TEST_F(AgentPolicyTest, SimulatePlaysOnPastAMissingAgentWhenTold) {
  const int port = UnusedPort();
  ASSERT_GT(port, 0);
  cli::SimulateOptions o = PatrolWithBritishAgent(absl::StrCat("127.0.0.1:", port));
  o.agent_wait_ms = 200;
  o.play_on_agent_faults = true;
  std::ostringstream out, err;
  EXPECT_EQ(cli::SimulateCommand(o, out, err), 0) << err.str();
  EXPECT_TRUE(absl::StrContains(err.str(), absl::StrCat("warning: --british: no agent answers at 127.0.0.1:", port)))
      << err.str();
  const AgentCounts c = AgentStatsFor(absl::StrCat("127.0.0.1:", port))->Counts();
  EXPECT_GT(c.calls, 0);
  EXPECT_EQ(c.errors, c.calls);
  EXPECT_TRUE(absl::StrContains(out.str(), absl::StrCat("agent (british, 127.0.0.1:", port,
                                                        "): ", c.ToString())))
      << out.str();
}

// An agent that starts listening only after the run began: the games wait
// for it and it plays every move.
TEST_F(AgentPolicyTest, SimulateWaitsForAnAgentStillStarting) {
  const int port = UnusedPort();
  ASSERT_GT(port, 0);
  FaultyAgent agent(Fault::kNone, 0);
  std::thread late([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    agent.Start(port);
  });
  cli::SimulateOptions o = PatrolWithBritishAgent(absl::StrCat("127.0.0.1:", port));
  o.agent_wait_ms = 60000;  // a guard against hanging, not a measurement
  std::ostringstream out, err;
  EXPECT_EQ(cli::SimulateCommand(o, out, err), 0) << err.str() << out.str();
  late.join();
  const AgentCounts c = AgentStatsFor(agent.address())->Counts();
  EXPECT_GT(c.calls, 0);
  EXPECT_EQ(c.faults(), 0) << c.ToString();
  agent.Stop();
}

// Faults in the games: the report still prints, the counts go to stderr
// too, and the exit is 2; with --play-on-agent-faults, 0.
TEST_F(AgentPolicyTest, SimulateFailsOnAnAgentsFaultsUnlessToldToPlayOn) {
  FaultyAgent agent(Fault::kError, 0);
  agent.Start();
  cli::SimulateOptions o = PatrolWithBritishAgent(agent.address());
  std::ostringstream out, err;
  EXPECT_EQ(cli::SimulateCommand(o, out, err), 2) << err.str();
  const AgentCounts c = AgentStatsFor(agent.address())->Counts();
  EXPECT_GT(c.errors, 0) << c.ToString();
  const std::string line = absl::StrCat("agent (british, ", agent.address(), "): ", c.ToString());
  EXPECT_TRUE(absl::StrContains(out.str(), "Zulu win rate")) << out.str();
  EXPECT_TRUE(absl::StrContains(out.str(), line)) << out.str();
  EXPECT_TRUE(absl::StrContains(err.str(), absl::StrCat("error: ", line, ": the RULES policy played ",
                                                        c.faults(), " of its moves")))
      << err.str();
  o.play_on_agent_faults = true;
  std::ostringstream out2, err2;
  EXPECT_EQ(cli::SimulateCommand(o, out2, err2), 0) << err2.str();
  EXPECT_EQ(err2.str(), "");
  agent.Stop();
}

// `impi arena` of two games of simulate's patrol above.
arena::ArenaOptions ArenaWithBritishAgent(const std::string& address) {
  const cli::SimulateOptions patrol = PatrolWithBritishAgent(address);
  arena::ArenaOptions o;
  o.ruleset = patrol.ruleset;
  o.scenario = patrol.scenario;
  o.british = patrol.british;
  o.seed = patrol.seed;
  o.games = 2;
  return o;
}

// `impi arena` against an agent that is not there: as simulate, stopped
// before the first game (no shard file written), the address named.
TEST_F(AgentPolicyTest, ArenaStopsAtOnceWhenNoAgentAnswers) {
  const int port = UnusedPort();
  ASSERT_GT(port, 0);
  const std::string address = absl::StrCat("127.0.0.1:", port);
  const std::string file = ::testing::TempDir() + "/arena_no_agent.jsonl";
  std::remove(file.c_str());
  std::ostringstream out, err;
  EXPECT_EQ(arena::ArenaCommand(ArenaWithBritishAgent(address), file, out, err, false, false,
                                false, 200),
            2);
  EXPECT_TRUE(absl::StrContains(
      err.str(), absl::StrCat("error: --british: no agent answers at ", address, " (waited 200 ms)")))
      << err.str();
  EXPECT_TRUE(absl::StrContains(err.str(), "--play-on-agent-faults")) << err.str();
  EXPECT_EQ(out.str(), "");
  EXPECT_NE(access(file.c_str(), F_OK), 0) << "no shard file for a run that did not start";
  EXPECT_EQ(AgentStatsFor(address)->Counts().calls, 0);
}

// With --play-on-agent-faults the arena plays on: every move the agent
// could not make counted as an error, the counts printed, exit 0.
TEST_F(AgentPolicyTest, ArenaPlaysOnPastAMissingAgentWhenTold) {
  const int port = UnusedPort();
  ASSERT_GT(port, 0);
  const std::string address = absl::StrCat("127.0.0.1:", port);
  std::ostringstream out, err;
  EXPECT_EQ(arena::ArenaCommand(ArenaWithBritishAgent(address), "", out, err, false, false,
                                true, 200),
            0)
      << err.str();
  EXPECT_TRUE(absl::StrContains(err.str(), absl::StrCat("warning: --british: no agent answers at ",
                                                        address)))
      << err.str();
  const AgentCounts c = AgentStatsFor(address)->Counts();
  EXPECT_GT(c.calls, 0);
  EXPECT_EQ(c.errors, c.calls);
  EXPECT_TRUE(absl::StrContains(out.str(), absl::StrCat("agent (british, ", address, "): ",
                                                        c.ToString())))
      << out.str();
  // The arena's own fault table counts them too.
  EXPECT_TRUE(absl::StrContains(out.str(), absl::StrFormat("  policy errors   %6d %8d", 0, c.errors)))
      << out.str();
}

// An agent that answers with errors during the games: the report prints,
// the counts go to stderr, the exit is 2; told to play on, 0.
TEST_F(AgentPolicyTest, ArenaFailsOnAnAgentsFaultsUnlessToldToPlayOn) {
  FaultyAgent agent(Fault::kError, 0);
  agent.Start();
  std::ostringstream out, err;
  EXPECT_EQ(arena::ArenaCommand(ArenaWithBritishAgent(agent.address()), "", out, err), 2)
      << err.str();
  const AgentCounts c = AgentStatsFor(agent.address())->Counts();
  EXPECT_GT(c.errors, 0) << c.ToString();
  const std::string line = absl::StrCat("agent (british, ", agent.address(), "): ", c.ToString());
  EXPECT_TRUE(absl::StrContains(out.str(), line)) << out.str();
  EXPECT_TRUE(absl::StrContains(err.str(), absl::StrCat("error: ", line, ": the RULES policy played ",
                                                        c.faults(), " of its moves")))
      << err.str();
  std::ostringstream out2, err2;
  EXPECT_EQ(arena::ArenaCommand(ArenaWithBritishAgent(agent.address()), "", out2, err2, false,
                                false, true),
            0)
      << err2.str();
  EXPECT_EQ(err2.str(), "");
  agent.Stop();
}

TEST_F(AgentPolicyTest, SimulateRefusesAnEmptyAgentAddress) {
  cli::SimulateOptions o;
  o.games = 1;
  o.british = "grpc:";
  std::ostringstream out, err;
  EXPECT_EQ(cli::SimulateCommand(o, out, err), 1);
  EXPECT_TRUE(absl::StrContains(err.str(), "grpc:HOST:PORT")) << err.str();
}

TEST_F(AgentPolicyTest, NodeAgentPlaysTheBritishOfThePatrol) {
  if (std::string(IMPI_NODE).empty() || access(IMPI_NODE, X_OK) != 0) {
    TOOL_MISSING("node is not installed");
  }
  const std::string dir = std::string(IMPI_SOURCE_DIR) + "/clients/agents/node";
  if (access((dir + "/node_modules/@grpc/grpc-js").c_str(), F_OK) != 0 ||
      access((dir + "/node_modules/@grpc/proto-loader").c_str(), F_OK) != 0) {
    TOOL_MISSING("@grpc/grpc-js and @grpc/proto-loader are not installed "
                 "(npm ci in clients/agents/node)");
  }
  Child child;
  std::string error;
  const std::string address =
      child.Start({IMPI_NODE, dir + "/agent.js", "--port", "0", "--strategy", "simple"}, &error);
  ASSERT_FALSE(address.empty()) << error;
  const PolicySpec spec = AgentSpec(address, kGenerousMs);
  const Played got = Play(kPatrolBritish, 10, &spec);
  EXPECT_TRUE(got.over);
  EXPECT_GT(got.counts.calls, 0);
  EXPECT_EQ(got.counts.faults(), 0) << got.counts.ToString();
}

}  // namespace
}  // namespace impi
