// Invariant checks for every layer (STYLE.md, "Errors"): a broken invariant
// is a bug in the caller, not an input error; malformed input is a Status
// long before it can reach a check. JWP_CHECK is always on and cheap;
// JWP_DCHECK runs in debug and sanitizer builds. Both print the file, the
// line, the condition and the message, then abort. The message expression is
// evaluated only on failure.
#ifndef JWP_BASE_CHECK_H_
#define JWP_BASE_CHECK_H_

#include <string>
#include <string_view>

namespace jwp::base {
[[noreturn]] void check_failed(const char* file, int line, const char* condition,
                               std::string_view message);
// Where a failed check also writes its line, "C <file>:<line>: <condition>:
// <message>" (a process that runs goals for a parent: app/goal_processes.cc
// reports the failed check as the goal's reason); -1: nowhere.
void set_check_failure_fd(int fd);
}  // namespace jwp::base

#ifndef JWP_CHECK
#define JWP_CHECK(cond, message)                                                   \
  do {                                                                             \
    if (!(cond)) [[unlikely]]                                                      \
      ::jwp::base::check_failed(__FILE__, __LINE__, #cond, (message));  \
  } while (0)
#endif

#ifndef JWP_DCHECK
#if !defined(NDEBUG) || defined(__SANITIZE_ADDRESS__)
#define JWP_DCHECK(cond, message) JWP_CHECK(cond, message)
#else
#define JWP_DCHECK(cond, message) \
  do {                            \
  } while (0)
#endif
#endif

#endif  // JWP_BASE_CHECK_H_
