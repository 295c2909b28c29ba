// A per-run collection of warnings and errors that do not stop the run: a
// broken jar on the class path, a class that is referenced but missing. Owned
// by whoever starts the run (app/) and passed down; safe to share between
// threads. Messages keep their order of arrival within a thread; Sorted()
// gives a deterministic listing.
#ifndef JWP_CLASSFILE_DIAGNOSTICS_H_
#define JWP_CLASSFILE_DIAGNOSTICS_H_

#include <string>
#include <vector>

#include "absl/synchronization/mutex.h"

namespace jwp::classfile {

class Diagnostics {
 public:
  enum class Severity { kWarning, kError };
  struct Entry {
    Severity severity;
    std::string message;
  };

  void Warning(std::string message) { Add(Severity::kWarning, std::move(message)); }
  void Error(std::string message) { Add(Severity::kError, std::move(message)); }

  std::vector<Entry> Sorted() const;
  size_t error_count() const;
  size_t warning_count() const;

 private:
  void Add(Severity s, std::string message) {
    absl::MutexLock lock(&mu_);
    entries_.push_back({s, std::move(message)});
  }
  mutable absl::Mutex mu_;
  std::vector<Entry> entries_;
};

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_DIAGNOSTICS_H_
