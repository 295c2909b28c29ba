// Benchmark: build the SSA IR of every method of java.base and of guava, and
// compare with parsing the same classes (issue "SSA IR from bytecode":
// "Report methods per second, total time as a multiple of the time to parse
// the same classes, and peak memory. Target: IR for all of java.base within
// 3x of its parse time.").
//
// For each archive (default: java.base.jmod of the JDK, then guava.jar) the
// class bytes are read into memory first (untimed) and the class hierarchy of
// the archive plus the JDK is built once (timed, reported apart). Then two
// passes, interleaved, each repeated --runs times after one untimed warm-up
// (median and minimum reported):
//   parse  ParseClassFile + DecodeCode of every method with code, from a
//          fresh copy of the bytes (copied outside the timed region).
//   ir     ParseClassFile + BuildMethodIR of every method with code (the
//          builder decodes the code itself); no verifier. Each IR is dropped
//          right after it is built unless --keep.
// ratio = ir / parse: the target is ir <= 3 x parse for java.base.
// methods/s = methods with code / ir; ir-only m/s = methods / (ir - parse),
// the builder's own rate. Times are CPU time of the process (clock_gettime
// CLOCK_PROCESS_CPUTIME_ID; wall medians are printed too).
// Peak memory: ru_maxrss after the loading phase and after the passes; with
// --keep the IR of every method of the archive stays alive until the end of
// one extra pass, and the resident-set growth it causes is reported too.
#include <malloc.h>
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_format.h"
#include "classfile/archive.h"
#include "classfile/bytecode.h"
#include "classfile/class_hierarchy.h"
#include "classfile/class_path.h"
#include "classfile/class_reader.h"
#include "classfile/diagnostics.h"
#include "ir/builder.h"

namespace jwp::bench {
namespace {

struct Options {
  std::vector<std::string> archives;
  std::string jdk;  // empty: FindJdk's search
  int runs = 5;
  bool keep = false;
  std::string only;  // "parse" or "ir": run only that pass (profiling)
};

[[noreturn]] void Usage(const char* argv0) {
  std::cerr << "usage: " << argv0
            << " [--runs N] [--jdk DIR] [--keep] [--only parse|ir] [ARCHIVE...]\n"
               "  ARCHIVE: a jar, jmod or class directory (default: the JDK's java.base.jmod and\n"
               "           /usr/share/java/guava.jar)\n";
  std::exit(2);
}

long PeakRssKb() {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_maxrss;
}

long CurrentRssKb() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
  }
  return -1;
}

double Seconds(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

// CPU time of this (single-threaded) process: on a machine shared with other
// builds, wall time mostly measures the neighbours.
double CpuSeconds() {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct ClassBytes {
  std::string origin;
  std::vector<uint8_t> bytes;
};

struct PassResult {
  size_t methods = 0;       // methods with code
  size_t failures = 0;      // IR construction failures (ir pass)
  size_t insns = 0;         // decoded instructions (parse) or IR instructions (ir)
};

PassResult ParsePass(const std::vector<std::vector<uint8_t>>& copies, const std::vector<ClassBytes>& classes) {
  PassResult r;
  for (size_t i = 0; i < copies.size(); ++i) {
    auto cf = classfile::ParseClassFile(copies[i], classes[i].origin);
    if (!cf.ok()) continue;
    for (const auto& m : (*cf)->methods) {
      if (!m.code) continue;
      auto code = classfile::DecodeCode(**cf, m);
      if (!code.ok()) continue;
      ++r.methods;
      r.insns += code->instructions.size();
    }
  }
  return r;
}

PassResult IrPass(const std::vector<std::vector<uint8_t>>& copies, const std::vector<ClassBytes>& classes,
                  const classfile::ClassHierarchy& h, std::vector<std::shared_ptr<const ir::MethodIR>>* keep) {
  PassResult r;
  for (size_t i = 0; i < copies.size(); ++i) {
    auto cf = classfile::ParseClassFile(copies[i], classes[i].origin);
    if (!cf.ok()) continue;
    for (const auto& m : (*cf)->methods) {
      if (!m.code) continue;
      ++r.methods;
      auto built = ir::BuildMethodIR(*cf, m, h);
      if (!built.ok()) {
        ++r.failures;
        continue;
      }
      r.insns += (*built)->insns.size();
      if (keep) keep->push_back(std::move(*built));
    }
  }
  return r;
}

struct Stats {
  double median = 0, min = 0;
};

Stats Summarize(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return {v[v.size() / 2], v.front()};
}

int Run(const Options& o) {
  std::printf("times are CPU seconds, median of %d runs; ratio = ir / parse\n", o.runs);
  std::printf("%-15s %8s %9s %10s %10s %10s %7s %12s %12s %9s\n", "archive", "classes", "methods", "hierarchy",
              "parse", "ir", "ratio", "methods/s", "ir-only m/s", "peak MB");
  for (const std::string& path : o.archives) {
    classfile::Diagnostics diagnostics;
    classfile::ClassPathOptions cp_options;
    cp_options.jdk_home = o.jdk;
    auto cp = classfile::ClassPath::Open(path, cp_options, &diagnostics);
    if (!cp.ok()) {
      std::cerr << "error: " << cp.status().message() << "\n";
      return 1;
    }
    if ((*cp)->user_archive_count() != 1) {
      std::cerr << "error: " << path << " could not be opened\n";
      return 1;
    }
    // The archive's classes, in memory.
    const classfile::Archive& archive = *(*cp)->archives()[0];
    std::vector<ClassBytes> classes;
    archive.ForEachClass([&](std::string_view name) {
      if (name == "module-info") return;
      auto bytes = archive.ReadClass(name);
      if (bytes.ok()) classes.push_back({archive.EntryName(name), std::move(*bytes)});
    });
    double t0 = CpuSeconds();
    auto hierarchy = classfile::ClassHierarchy::Build(**cp);
    double t1 = CpuSeconds();
    if (!hierarchy.ok()) {
      std::cerr << "error: " << hierarchy.status().message() << "\n";
      return 1;
    }
    double hierarchy_s = t1 - t0;
    long rss_loaded = PeakRssKb();

    auto fresh = [&]() {
      std::vector<std::vector<uint8_t>> copies;
      copies.reserve(classes.size());
      for (const auto& c : classes) copies.push_back(c.bytes);
      return copies;
    };
    std::vector<double> parse_times, ir_times, parse_wall, ir_wall;  // CPU and wall seconds
    PassResult parse_result, ir_result;
    for (int run = 0; run <= o.runs; ++run) {  // run 0: warm-up, untimed
      if (o.only != "ir") {
        auto copies = fresh();
        auto w = std::chrono::steady_clock::now();
        double a = CpuSeconds();
        parse_result = ParsePass(copies, classes);
        double b = CpuSeconds();
        if (run > 0) {
          parse_times.push_back(b - a);
          parse_wall.push_back(Seconds(w, std::chrono::steady_clock::now()));
        }
      }
      if (o.only != "parse") {
        auto copies = fresh();
        auto w = std::chrono::steady_clock::now();
        double a = CpuSeconds();
        ir_result = IrPass(copies, classes, **hierarchy, nullptr);
        double b = CpuSeconds();
        if (run > 0) {
          ir_times.push_back(b - a);
          ir_wall.push_back(Seconds(w, std::chrono::steady_clock::now()));
        }
      }
    }
    long rss_passes = PeakRssKb();
    std::string label = path.substr(path.rfind('/') + 1);
    Stats p = parse_times.empty() ? Stats{} : Summarize(parse_times);
    Stats i = ir_times.empty() ? Stats{} : Summarize(ir_times);
    size_t methods = std::max(parse_result.methods, ir_result.methods);
    double ratio = p.median > 0 ? i.median / p.median : 0;
    double rate = i.median > 0 ? ir_result.methods / i.median : 0;
    double ir_only = i.median > p.median && p.median > 0 ? ir_result.methods / (i.median - p.median) : 0;
    std::printf("%-15s %8zu %9zu %9.3fs %9.3fs %9.3fs %6.2fx %12.0f %12.0f %9.1f\n", label.c_str(), classes.size(),
                methods, hierarchy_s, p.median, i.median, ratio, rate, ir_only, rss_passes / 1024.0);
    Stats pw = parse_wall.empty() ? Stats{} : Summarize(parse_wall);
    Stats iw = ir_wall.empty() ? Stats{} : Summarize(ir_wall);
    std::printf("  min: parse %.3fs, ir %.3fs (ratio of minima %.2fx); wall medians: parse %.3fs, ir %.3fs;\n"
                "  runs %d; IR failures %zu; decoded instructions %zu, IR instructions %zu;\n"
                "  peak RSS after loading %.1f MB\n",
                p.min, i.min, p.min > 0 ? i.min / p.min : 0.0, pw.median, iw.median, o.runs, ir_result.failures,
                parse_result.insns, ir_result.insns, rss_loaded / 1024.0);
    if (o.keep) {
      std::vector<std::shared_ptr<const ir::MethodIR>> kept;
      auto copies = fresh();
      size_t before = mallinfo2().uordblks + mallinfo2().hblkhd;
      long rss_before = CurrentRssKb();
      IrPass(copies, classes, **hierarchy, &kept);
      size_t after = mallinfo2().uordblks + mallinfo2().hblkhd;
      long rss_after = CurrentRssKb();
      // The kept IRs also keep their ClassFiles (and the bytes they own).
      std::printf("  --keep: the IR of all %zu methods (and their class files) holds %.1f MB of heap\n"
                  "          (%.0f bytes per IR instruction; RSS %.1f -> %.1f MB)\n",
                  kept.size(), (after - before) / 1048576.0,
                  ir_result.insns ? double(after - before) / ir_result.insns : 0.0, rss_before / 1024.0,
                  rss_after / 1024.0);
    }
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace
}  // namespace jwp::bench

int main(int argc, char** argv) {
  jwp::bench::Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--runs" && i + 1 < argc) {
      o.runs = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--jdk" && i + 1 < argc) {
      o.jdk = argv[++i];
    } else if (a == "--keep") {
      o.keep = true;
    } else if (a == "--only" && i + 1 < argc) {
      o.only = argv[++i];
      if (o.only != "parse" && o.only != "ir") jwp::bench::Usage(argv[0]);
    } else if (!a.empty() && a[0] == '-') {
      jwp::bench::Usage(argv[0]);
    } else {
      o.archives.push_back(a);
    }
  }
  if (o.archives.empty()) {
    jwp::classfile::Diagnostics d;
    auto cp = jwp::classfile::ClassPath::Open("", {.jdk_home = o.jdk}, &d);
    if (!cp.ok() || !(*cp)->jdk()) {
      std::cerr << "error: no JDK found (use --jdk)\n";
      return 2;
    }
    o.archives = {(*cp)->jdk()->home + "/jmods/java.base.jmod", "/usr/share/java/guava.jar"};
  }
  return jwp::bench::Run(o);
}
