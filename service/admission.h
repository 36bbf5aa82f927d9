// service/admission.h: a bounded waiting room in front of the engine.
//
// Overview: at most `limit` requests hold a place at once and at most
// `queue` more wait for one; a request that finds the queue full is turned
// away at once, and one that waits gives up at its deadline or when `gone`
// says its caller has left (or the server is stopping). Both fronts use it:
// the JSON/HTTP gateway (HTTP 503 past the queue) and the gRPC Umpire
// (UNAVAILABLE past it), each with its own.
//
// Usage:
//   Admission admission(/*limit=*/16, /*queue=*/64);
//   if (admission.Enter(deadline, [&] { return context->IsCancelled(); }) ==
//       Admission::Result::kAdmitted) {
//     ... run the engine ...
//     admission.Leave();
//   }
//
// Thread safety: Enter and Leave may be called from any number of threads.
#ifndef IMPI_SERVICE_ADMISSION_H_
#define IMPI_SERVICE_ADMISSION_H_

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>

namespace impi::service {

class Admission {
 public:
  using Clock = std::chrono::steady_clock;
  enum class Result { kAdmitted, kQueueFull, kTimedOut, kGone };

  Admission(int limit, int queue) : limit_(std::max(1, limit)), queue_(std::max(0, queue)) {}
  Admission(const Admission&) = delete;
  Admission& operator=(const Admission&) = delete;

  // Waits for a place until `deadline` (Clock::time_point::max(): none) or
  // until `gone` says so; gone is asked at least every 50 ms. kAdmitted:
  // the caller holds a place and must Leave.
  Result Enter(Clock::time_point deadline, const std::function<bool()>& gone) {
    std::unique_lock<std::mutex> lock(mu_);
    if (running_ < limit_) {
      ++running_;
      return Result::kAdmitted;
    }
    if (waiting_ >= queue_) return Result::kQueueFull;
    ++waiting_;
    Result result = Result::kAdmitted;
    while (running_ >= limit_) {
      if (Clock::now() >= deadline) {
        result = Result::kTimedOut;
        break;
      }
      if (gone && gone()) {
        result = Result::kGone;
        break;
      }
      cv_.wait_until(lock, std::min(deadline, Clock::now() + std::chrono::milliseconds(50)));
    }
    --waiting_;
    if (result == Result::kAdmitted) ++running_;
    return result;
  }

  void Leave() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      --running_;
    }
    cv_.notify_one();
  }

  // Places held and requests waiting, now.
  int running() const {
    std::lock_guard<std::mutex> lock(mu_);
    return running_;
  }
  int waiting() const {
    std::lock_guard<std::mutex> lock(mu_);
    return waiting_;
  }

 private:
  const int limit_;
  const int queue_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  int running_ = 0;
  int waiting_ = 0;
};

}  // namespace impi::service

#endif  // IMPI_SERVICE_ADMISSION_H_
