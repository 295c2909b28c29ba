// Strings in Z3's sequence theory, against jwp's char-array model (issue #28,
// bench/README.md "How strings are represented"). Each bench/strings/*.smt2
// file states one goal of the string fixtures (tests/fixtures/java8/interproc/
// StringMethods.java, java17/interproc/StringsSince11.java) as a query over
// Z3's String sort: the path to the goal, with JDK 17's behaviour of every
// String and StringBuilder method on it written in the theory's operations
// (and quantifiers or regular expressions where it has none). The file says
// what it expects with `(set-info :status sat|unsat)`: sat where the
// fixture's goal is FOUND, unsat where it is NOT_FOUND.
//
// For each file, in a fresh Z3 context with the prelude (bench/strings/
// prelude.smt2) before it: Z3's answer, the wall time of the script, whether
// the answer is the one expected, and the values the file asks for with
// get-value (the witness; for unknown, Z3's reason). One tab-separated line
// per file; bench/run_string_theory_bench.py runs the witnesses on the JVM
// and jwp on the same goals.
//
// Z3 4.8.12 does not always honour the timeout in quantifier instantiation:
// the driver runs one file per process and kills it past the limit.
//
//   string_theory_bench [--timeout-ms T] [--prelude FILE] FILE.smt2...
#include <z3.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

bool read_text(const std::string& path, std::string* text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  *text = buffer.str();
  return true;
}

// What the file expects: the word after `(set-info :status`, else "".
std::string expected_status(const std::string& script) {
  const std::string key = "(set-info :status ";
  size_t at = script.find(key);
  if (at == std::string::npos) return "";
  size_t start = at + key.size();
  size_t end = script.find(')', start);
  return end == std::string::npos ? "" : script.substr(start, end - start);
}

std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\t') c = ' ';
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

struct Outcome {
  std::string answer;  // sat, unsat, unknown, or error
  std::string detail;  // the get-value output, or the error
  double seconds = 0;
};

// Evaluates the script up to its (check-sat), then in the same context what
// follows it when Z3 answered sat (the get-value), or the reason when it
// answered unknown.
Outcome run_script(const std::string& script, long timeout_ms) {
  Z3_config config = Z3_mk_config();
  Z3_set_param_value(config, "timeout", std::to_string(timeout_ms).c_str());
  Z3_context ctx = Z3_mk_context(config);
  Z3_del_config(config);
  Z3_set_error_handler(ctx, nullptr);
  const std::string check = "(check-sat)";
  size_t split = script.find(check);
  split = split == std::string::npos ? script.size() : split + check.size();
  Outcome outcome;
  Clock::time_point start = Clock::now();
  std::string output = Z3_eval_smtlib2_string(ctx, script.substr(0, split).c_str());
  outcome.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  Z3_error_code code = Z3_get_error_code(ctx);
  outcome.answer = one_line(output);
  if (code != Z3_OK || outcome.answer.rfind("(error", 0) == 0) {
    outcome.detail = code != Z3_OK ? Z3_get_error_msg(ctx, code) : outcome.answer;
    outcome.answer = "error";
  } else if (outcome.answer == "sat") {
    outcome.detail = one_line(Z3_eval_smtlib2_string(ctx, script.substr(split).c_str()));
  } else if (outcome.answer == "unknown") {
    outcome.detail = one_line(Z3_eval_smtlib2_string(ctx, "(get-info :reason-unknown)"));
  }
  Z3_del_context(ctx);
  return outcome;
}

}  // namespace

int main(int argc, char** argv) {
  long timeout_ms = 40000;
  std::string prelude_path;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--timeout-ms" && i + 1 < argc) {
      timeout_ms = std::atol(argv[++i]);
    } else if (arg == "--prelude" && i + 1 < argc) {
      prelude_path = argv[++i];
    } else if (!arg.empty() && arg[0] == '-') {
      std::fprintf(stderr, "string_theory_bench: unknown option %s\n", arg.c_str());
      return 2;
    } else {
      files.push_back(arg);
    }
  }
  if (files.empty()) {
    std::fprintf(stderr,
                 "usage: string_theory_bench [--timeout-ms T] [--prelude FILE] FILE.smt2...\n");
    return 2;
  }
  std::string prelude;
  if (!prelude_path.empty() && !read_text(prelude_path, &prelude)) {
    std::fprintf(stderr, "string_theory_bench: cannot read %s\n", prelude_path.c_str());
    return 2;
  }
  int unexpected = 0;
  std::printf("file\texpected\tanswer\tseconds\tvalues\n");
  for (const std::string& path : files) {
    std::string script;
    if (!read_text(path, &script)) {
      std::fprintf(stderr, "string_theory_bench: cannot read %s\n", path.c_str());
      ++unexpected;
      continue;
    }
    std::string expected = expected_status(script);
    Outcome outcome = run_script(prelude + script, timeout_ms);
    if (outcome.answer != expected) ++unexpected;
    std::printf("%s\t%s\t%s\t%.3f\t%s\n", path.c_str(), expected.c_str(),
                outcome.answer.c_str(), outcome.seconds, outcome.detail.c_str());
    std::fflush(stdout);
  }
  return unexpected == 0 ? 0 : 1;
}
