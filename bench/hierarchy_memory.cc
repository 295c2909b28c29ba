// Benchmark: peak memory for loading the whole JDK class hierarchy (every
// class of every module). Opens the JDK's class path (ClassPath::Open with no
// user entries), reads the header of every class and keeps what a hierarchy
// needs in memory, then reports the peak resident set (getrusage ru_maxrss).
//
// Modes:
//   --mode hierarchy   ClassHierarchy::Build over the class path: the real
//                      thing (the default).
//   --mode headers     ParseClassHeader on every class, the ClassHeaders kept
//                      in a vector: what the hierarchy reads, without its
//                      indexes (the stand-in used before ClassHierarchy).
//   --mode classfiles  ClassPath::Load on every class: every full parse tree
//                      (and its bytes) cached by the ClassPath. The upper
//                      bound, and what a hierarchy that loaded its classes
//                      through ClassPath::Load would cost.
// --header-cache DIR (with --mode hierarchy): the jimage's headers through
// the cache of classfile/header_cache.h in DIR, as jwp wp builds it (the
// first run writes the file, the next ones read it).
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "classfile/class_hierarchy.h"
#include "classfile/class_path.h"
#include "classfile/class_reader.h"
#include "classfile/diagnostics.h"

namespace jwp::bench {
namespace {

using classfile::Archive;
using classfile::ClassPath;

struct Options {
  std::string jdk;      // empty: FindJdk's search
  bool jmods = false;   // read the JDK from jmods/ instead of lib/modules
  std::string mode = "hierarchy";
  std::string header_cache;  // --header-cache DIR
};

[[noreturn]] void Usage(const char* argv0) {
  std::cerr << "usage: " << argv0
            << " [--jdk DIR] [--jmods] [--mode hierarchy|headers|classfiles] [--header-cache DIR]\n";
  std::exit(2);
}

long PeakRssKb() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_maxrss;
}

// Current resident set from /proc/self/statm (pages), in kB.
long CurrentRssKb() {
  long pages = 0, resident = 0;
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
    std::fclose(f);
  }
  return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

// RssAnon and RssFile of /proc/self/status, in kB: heap versus file pages
// (the jimage is mapped, so the pages of lib/modules that were read count
// towards the resident set without being the hierarchy's own memory).
void RssSplitKb(long* anon, long* file) {
  *anon = *file = 0;
  if (FILE* f = std::fopen("/proc/self/status", "r")) {
    char line[256];
    while (std::fgets(line, sizeof line, f)) {
      std::sscanf(line, "RssAnon: %ld", anon);
      std::sscanf(line, "RssFile: %ld", file);
    }
    std::fclose(f);
  }
}

struct Loaded {
  std::unique_ptr<classfile::ClassHierarchy> hierarchy;  // --mode hierarchy
  std::vector<classfile::ClassHeader> headers;           // --mode headers
  size_t classes = 0;
  size_t errors = 0;
  size_t cached = 0;  // headers taken from the header cache
};

// Everything the hierarchy keeps lives in `out` (or in the ClassPath's cache
// for --mode classfiles) until the peak is read.
void BuildHierarchy(const ClassPath& cp, const Options& o, Loaded& out) {
  if (o.mode == "hierarchy") {
    classfile::ClassHierarchyOptions options;
    options.header_cache_dir = o.header_cache;
    auto h = classfile::ClassHierarchy::Build(cp, options);
    if (!h.ok()) {
      std::cerr << "error: " << h.status().message() << "\n";
      ++out.errors;
      return;
    }
    out.hierarchy = std::move(*h);
    auto stats = out.hierarchy->stats();
    out.classes = stats.classes;
    out.errors = stats.skipped;
    out.cached = stats.cached_headers;
    return;
  }
  cp.ForEachClass([&](std::string_view name, const Archive& archive) {
    if (o.mode == "classfiles") {
      auto cf = cp.Load(name);  // cached by the ClassPath
      if (cf.ok()) ++out.classes;
      else ++out.errors;
      return;
    }
    auto bytes = archive.ReadClass(name);
    if (!bytes.ok()) {
      ++out.errors;
      return;
    }
    auto header = classfile::ParseClassHeader(*bytes, archive.EntryName(name));
    if (!header.ok()) {
      ++out.errors;
      return;
    }
    out.headers.push_back(std::move(*header));
    ++out.classes;
  });
}

int Run(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--jdk" && i + 1 < argc) o.jdk = argv[++i];
    else if (a == "--jmods") o.jmods = true;
    else if (a == "--mode" && i + 1 < argc) o.mode = argv[++i];
    else if (a == "--header-cache" && i + 1 < argc) o.header_cache = argv[++i];
    else Usage(argv[0]);
  }
  if (o.mode != "hierarchy" && o.mode != "headers" && o.mode != "classfiles") Usage(argv[0]);
  if (!o.header_cache.empty() && o.mode != "hierarchy") Usage(argv[0]);

  long rss_start = CurrentRssKb();
  classfile::Diagnostics diagnostics;
  classfile::ClassPathOptions options;
  options.jdk_home = o.jdk;
  options.prefer_jmods = o.jmods;
  auto cp = ClassPath::Open("", options, &diagnostics);
  if (!cp.ok()) {
    std::cerr << "error: " << cp.status().message() << "\n";
    return 2;
  }
  for (const auto& d : diagnostics.Sorted()) std::cerr << "error: " << d.message << "\n";
  long rss_open = CurrentRssKb();

  auto start = std::chrono::steady_clock::now();
  Loaded loaded;
  BuildHierarchy(**cp, o, loaded);
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  long rss_end = CurrentRssKb();
  long rss_anon = 0, rss_file = 0;
  RssSplitKb(&rss_anon, &rss_file);

  const auto& jdk = *(*cp)->jdk();
  std::printf("jdk %s (%s) from %s\n", jdk.home.c_str(), jdk.version.c_str(),
              o.jmods ? "jmods" : "lib/modules");
  std::printf("RESULT hierarchy mode=%s archives=%zu classes=%zu cached=%zu errors=%zu time_s=%.3f "
              "rss_start_kb=%ld rss_after_open_kb=%ld rss_end_kb=%ld rss_anon_kb=%ld rss_file_kb=%ld "
              "peak_rss_kb=%ld\n",
              o.mode.c_str(), (*cp)->archives().size(), loaded.classes, loaded.cached, loaded.errors, secs,
              rss_start, rss_open, rss_end, rss_anon, rss_file, PeakRssKb());
  return loaded.errors == 0 ? 0 : 1;
}

}  // namespace
}  // namespace jwp::bench

int main(int argc, char** argv) { return jwp::bench::Run(argc, argv); }
