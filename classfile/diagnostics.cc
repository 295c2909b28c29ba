#include "classfile/diagnostics.h"

#include <algorithm>

namespace jwp::classfile {

std::vector<Diagnostics::Entry> Diagnostics::Sorted() const {
  absl::MutexLock lock(&mu_);
  std::vector<Entry> out = entries_;
  std::stable_sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) {
    if (a.severity != b.severity) return a.severity > b.severity;  // errors first
    return a.message < b.message;
  });
  out.erase(std::unique(out.begin(), out.end(),
                        [](const Entry& a, const Entry& b) {
                          return a.severity == b.severity && a.message == b.message;
                        }),
            out.end());
  return out;
}

size_t Diagnostics::error_count() const {
  absl::MutexLock lock(&mu_);
  return std::count_if(entries_.begin(), entries_.end(),
                       [](const Entry& e) { return e.severity == Severity::kError; });
}

size_t Diagnostics::warning_count() const {
  absl::MutexLock lock(&mu_);
  return std::count_if(entries_.begin(), entries_.end(),
                       [](const Entry& e) { return e.severity == Severity::kWarning; });
}

}  // namespace jwp::classfile
