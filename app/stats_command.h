// `jwp stats`: parse and decode every class and method of a class path (with
// no -cp, of the JDK's modules) and count classes, methods, instructions and
// errors. Errors are listed on stderr with where they happened.
#ifndef JWP_APP_STATS_COMMAND_H_
#define JWP_APP_STATS_COMMAND_H_

#include <cstdint>
#include <iosfwd>
#include <map>
#include <string>

namespace jwp::app {

struct StatsOptions {
  std::string class_path;  // empty: the JDK's own classes
  std::string jdk;
  bool prefer_jmods = false;
  int max_errors_shown = 20;
  bool build_ir = false;  // also build and verify the SSA IR of every method
  // Also compute the field facts of every class (absint/field_facts.h) and
  // count them by what they say, or why there are none.
  bool field_facts = false;
};

struct StatsCounts {
  uint64_t archives = 0;
  uint64_t classes = 0;
  uint64_t methods = 0;
  uint64_t methods_with_code = 0;
  uint64_t instructions = 0;
  uint64_t bytes = 0;
  uint64_t errors = 0;
  uint64_t ir_methods = 0;       // methods whose IR was built
  uint64_t ir_failures = 0;      // construction failures
  uint64_t ir_violations = 0;    // methods whose IR failed verification
  uint64_t ir_unsupported = 0;   // construction stopped by an unsupported construct
  uint64_t monitor_exits = 0;    // monitorexit instructions in the IR built
  uint64_t structured_monitor_exits = 0;  // of those, proven not to throw (ir/monitors.h)
  uint64_t fields = 0;             // --field-facts: fields declared
  uint64_t fields_known = 0;       // with facts (the values they can hold)
  uint64_t fields_one_value = 0;   // of those, holding one value only
  uint64_t fields_initialized_narrower = 0;  // whose default is gone once initialized
  uint64_t fields_effectively_final = 0;
  std::map<std::string, uint64_t> fields_without_facts;  // by reason
  double field_facts_s = 0;
};

// Returns the process exit code: 0 when no class or method failed, 1 when
// some did, 2 when the class path could not be opened at all.
int RunStats(const StatsOptions& options, std::ostream& out, std::ostream& err,
             StatsCounts* counts = nullptr);

}  // namespace jwp::app

#endif  // JWP_APP_STATS_COMMAND_H_
