// Benchmark: parse and decode every class of java.base.jmod and of every
// distinct jar in /usr/share/java, every instruction of every method, and
// compare with the decompression floor (inflate only) over exactly the same
// entries. Companion of bench/asm/AsmParseBench.java, which times ASM's
// ClassReader on the same entries (the list is written by --entries-out).
// bench/run_parse_bench.sh runs both and prints the table; bench/README.md
// explains the columns.
//
// Passes, each repeated --runs times after one untimed warm-up (median and
// minimum reported):
//   floor      Archive::ReadClass of every entry (libzip: stat, open, inflate,
//              CRC check), bytes discarded. Nothing else.
//   floor-raw  The same inflation through bare libzip calls (zip_fopen_index +
//              zip_fread into a reused buffer), without the Archive wrapper.
//              Informational: shows what the wrapper costs over libzip.
//   jwp-full   Archive::ReadClass + ParseClassFile + DecodeCode of every
//              method with code: jwp's real path, as `jwp stats` runs it.
//   jwp-mem    ParseClassFile + DecodeCode from bytes already in memory
//              (copied outside the timed region), the like-for-like match of
//              the ASM figure.
#include <sys/resource.h>
#include <zip.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "classfile/archive.h"
#include "classfile/bytecode.h"
#include "classfile/class_reader.h"
#include "classfile/strings.h"

namespace jwp::bench {
namespace {

using classfile::Archive;

struct Options {
  std::string jmod = "/usr/lib/jvm/java-17-openjdk-amd64/jmods/java.base.jmod";
  std::string jar_dir = "/usr/share/java";
  int runs = 5;
  std::string entries_out;   // entry list for AsmParseBench
  std::string passes = "floor,floor-raw,jwp-full,jwp-mem";
  size_t limit = 0;          // 0: every entry; else the first `limit` (profiling)
};

// One class entry: the archive it lives in and its name there.
struct Entry {
  size_t archive;
  std::string class_name;  // internal name, what Archive::ReadClass takes
  std::string zip_entry;   // the zip entry name, for floor-raw and for ASM
  std::string origin;      // "path!entry", what jwp's messages use
};

struct Counts {
  size_t classes = 0;
  size_t methods = 0;
  size_t methods_with_code = 0;
  size_t instructions = 0;
  size_t bytes = 0;
  size_t errors = 0;
  bool operator==(const Counts&) const = default;
};

[[noreturn]] void Usage(const char* argv0) {
  std::cerr << "usage: " << argv0
            << " [--jmod PATH] [--jar-dir DIR] [--runs N] [--entries-out FILE]\n"
               "       [--passes floor,floor-raw,jwp-full,jwp-mem] [--limit N]\n";
  std::exit(2);
}

Options ParseOptions(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) Usage(argv[0]);
      return argv[++i];
    };
    if (a == "--jmod") o.jmod = value();
    else if (a == "--jar-dir") o.jar_dir = value();
    else if (a == "--runs") o.runs = std::atoi(value().c_str());
    else if (a == "--entries-out") o.entries_out = value();
    else if (a == "--passes") o.passes = value();
    else if (a == "--limit") o.limit = std::strtoull(value().c_str(), nullptr, 10);
    else Usage(argv[0]);
  }
  if (o.runs < 1) Usage(argv[0]);
  return o;
}

// The jmod first, then every distinct jar of `jar_dir` (symlinks resolved,
// duplicates dropped), sorted by resolved path.
std::vector<std::string> ArchivePaths(const Options& o) {
  std::vector<std::string> paths;
  if (!o.jmod.empty()) paths.push_back(o.jmod);
  std::set<std::string> jars;
  std::error_code ec;
  for (const auto& de : std::filesystem::directory_iterator(o.jar_dir, ec)) {
    if (de.path().extension() != ".jar") continue;
    auto real = std::filesystem::canonical(de.path(), ec);
    if (ec || !std::filesystem::is_regular_file(real)) continue;
    jars.insert(real.string());
  }
  paths.insert(paths.end(), jars.begin(), jars.end());
  return paths;
}

double Seconds(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void ParseAndDecode(std::vector<uint8_t> bytes, std::string origin, Counts& c) {
  auto cf = classfile::ParseClassFile(std::move(bytes), std::move(origin));
  if (!cf.ok()) {
    ++c.errors;
    return;
  }
  ++c.classes;
  for (const auto& m : (*cf)->methods) {
    ++c.methods;
    if (!m.code) continue;
    ++c.methods_with_code;
    auto code = classfile::DecodeCode(**cf, m);
    if (!code.ok()) {
      ++c.errors;
      continue;
    }
    c.instructions += code->instructions.size();
  }
}

// Bare libzip handles for floor-raw, opened the way classfile/zip_archive.cc
// opens them (a jmod's zip data starts after its 4-byte header).
class RawZip {
 public:
  ~RawZip() {
    if (zip_) zip_discard(zip_);
  }
  bool Open(const std::string& path) {
    char magic[4] = {0, 0, 0, 0};
    if (FILE* f = std::fopen(path.c_str(), "rb")) {
      size_t got = std::fread(magic, 1, 4, f);
      std::fclose(f);
      if (got != 4) return false;
    }
    bool jmod = magic[0] == 'J' && magic[1] == 'M' && magic[2] == 1 && magic[3] == 0;
    zip_error_t err;
    zip_error_init(&err);
    zip_source_t* src = zip_source_file_create(path.c_str(), jmod ? 4 : 0, -1, &err);
    if (src == nullptr) return false;
    zip_ = zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &err);
    zip_error_fini(&err);
    if (zip_ == nullptr) {
      zip_source_free(src);
      return false;
    }
    return true;
  }
  zip_t* get() const { return zip_; }

 private:
  zip_t* zip_ = nullptr;
};

struct RawEntry {
  size_t archive;
  zip_uint64_t index;
  zip_uint64_t size;
};

struct Stats {
  std::vector<double> times;
  double Median() const {
    std::vector<double> t = times;
    std::sort(t.begin(), t.end());
    size_t n = t.size();
    return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
  }
  double Min() const { return *std::min_element(times.begin(), times.end()); }
};

long PeakRssKb() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_maxrss;
}

int Run(const Options& o) {
  // --- Collect the entries -------------------------------------------------
  std::vector<std::unique_ptr<Archive>> archives;
  std::vector<Entry> entries;
  size_t skipped_archives = 0;
  for (const std::string& path : ArchivePaths(o)) {
    auto archive = classfile::OpenArchive(path);
    if (!archive.ok()) {
      std::cerr << "skipped: " << archive.status().message() << "\n";
      ++skipped_archives;
      continue;
    }
    size_t ai = archives.size();
    const Archive& a = **archive;
    const std::string prefix = Cat(a.path(), "!");
    a.ForEachClass([&](std::string_view name) {
      if (o.limit != 0 && entries.size() >= o.limit) return;
      std::string origin = a.EntryName(name);
      std::string zip_entry = origin.substr(prefix.size());
      entries.push_back(Entry{ai, std::string(name), std::move(zip_entry), std::move(origin)});
    });
    archives.push_back(std::move(*archive));
  }
  if (!o.entries_out.empty()) {
    // "A\t<archive path>" starts an archive; "E\t<zip entry>" lists its entries.
    std::ofstream out(o.entries_out);
    size_t current = SIZE_MAX;
    for (const Entry& e : entries) {
      if (e.archive != current) {
        current = e.archive;
        out << "A\t" << archives[current]->path() << "\n";
      }
      out << "E\t" << e.zip_entry << "\n";
    }
    if (!out) {
      std::cerr << "error: cannot write " << o.entries_out << "\n";
      return 2;
    }
  }
  std::cout << "archives " << archives.size() << " (skipped " << skipped_archives << ")\n"
            << "entries " << entries.size() << "\n";

  auto want = [&](std::string_view pass) {
    for (std::string_view p : Split(o.passes, ',', true)) {
      if (p == pass) return true;
    }
    return false;
  };

  // --- The passes -------------------------------------------------------------
  auto floor = [&]() {
    Counts c;
    for (const Entry& e : entries) {
      auto bytes = archives[e.archive]->ReadClass(e.class_name);
      if (!bytes.ok()) {
        ++c.errors;
        continue;
      }
      c.bytes += bytes->size();
      ++c.classes;
    }
    return c;
  };

  std::vector<std::unique_ptr<RawZip>> raw_zips;
  std::vector<RawEntry> raw_entries;
  if (want("floor-raw")) {
    for (const auto& a : archives) {
      raw_zips.push_back(std::make_unique<RawZip>());
      if (!raw_zips.back()->Open(a->path())) {
        std::cerr << "error: libzip cannot open " << a->path() << "\n";
        return 2;
      }
    }
    for (const Entry& e : entries) {
      zip_t* z = raw_zips[e.archive]->get();
      zip_int64_t idx = zip_name_locate(z, e.zip_entry.c_str(), ZIP_FL_ENC_RAW);
      zip_stat_t st;
      zip_stat_init(&st);
      if (idx < 0 || zip_stat_index(z, idx, 0, &st) != 0) {
        std::cerr << "error: libzip cannot find " << e.origin << "\n";
        return 2;
      }
      raw_entries.push_back(RawEntry{e.archive, static_cast<zip_uint64_t>(idx), st.size});
    }
  }
  std::vector<uint8_t> raw_buffer;
  auto floor_raw = [&]() {
    Counts c;
    for (const RawEntry& e : raw_entries) {
      zip_file_t* f = zip_fopen_index(raw_zips[e.archive]->get(), e.index, 0);
      if (f == nullptr) {
        ++c.errors;
        continue;
      }
      raw_buffer.resize(e.size + 1);
      zip_int64_t got = 0, r;
      // Read to the end, as ReadClass does, so that libzip checks the CRC.
      while ((r = zip_fread(f, raw_buffer.data() + got, raw_buffer.size() - got)) > 0) got += r;
      if (r < 0 || static_cast<zip_uint64_t>(got) != e.size) ++c.errors;
      zip_fclose(f);
      c.bytes += got;
      ++c.classes;
    }
    return c;
  };

  auto jwp_full = [&]() {
    Counts c;
    for (const Entry& e : entries) {
      const Archive& a = *archives[e.archive];
      auto bytes = a.ReadClass(e.class_name);
      if (!bytes.ok()) {
        ++c.errors;
        continue;
      }
      c.bytes += bytes->size();
      ParseAndDecode(std::move(*bytes), a.EntryName(e.class_name), c);
    }
    return c;
  };

  // jwp-mem: the inflated bytes, read once; each run parses a fresh copy made
  // outside the timed region (ParseClassFile takes ownership of its bytes).
  std::vector<std::vector<uint8_t>> in_memory;
  if (want("jwp-mem")) {
    for (const Entry& e : entries) {
      auto bytes = archives[e.archive]->ReadClass(e.class_name);
      in_memory.push_back(bytes.ok() ? std::move(*bytes) : std::vector<uint8_t>{});
    }
  }
  std::vector<std::vector<uint8_t>> copies;
  std::vector<std::string> origins;
  auto prepare_mem = [&]() {
    copies = in_memory;
    origins.clear();
    for (const Entry& e : entries) origins.push_back(e.origin);
  };
  auto jwp_mem = [&]() {
    Counts c;
    for (size_t i = 0; i < copies.size(); ++i) {
      c.bytes += copies[i].size();
      ParseAndDecode(std::move(copies[i]), std::move(origins[i]), c);
    }
    return c;
  };

  struct Pass {
    std::string name;
    std::function<Counts()> run;
    std::function<void()> prepare;
    Stats stats;
    Counts counts;
  };
  std::vector<Pass> passes;
  if (want("floor")) passes.push_back({"floor", floor, nullptr, {}, {}});
  if (want("floor-raw")) passes.push_back({"floor-raw", floor_raw, nullptr, {}, {}});
  if (want("jwp-full")) passes.push_back({"jwp-full", jwp_full, nullptr, {}, {}});
  if (want("jwp-mem")) passes.push_back({"jwp-mem", jwp_mem, prepare_mem, {}, {}});

  // One untimed warm-up of each pass (page cache, allocator), then the runs,
  // interleaved so that background load spreads over all passes alike.
  for (int run = -1; run < o.runs; ++run) {
    for (Pass& p : passes) {
      if (p.prepare) p.prepare();
      auto start = std::chrono::steady_clock::now();
      Counts c = p.run();
      double secs = Seconds(start);
      if (run < 0) {
        p.counts = c;
        continue;
      }
      if (!(c == p.counts)) {
        std::cerr << "error: " << p.name << " counts changed between runs\n";
        return 1;
      }
      p.stats.times.push_back(secs);
    }
  }

  for (const Pass& p : passes) {
    const Counts& c = p.counts;
    std::printf("RESULT %s median_s=%.4f min_s=%.4f runs=%zu classes=%zu methods=%zu "
                "methods_with_code=%zu instructions=%zu bytes=%zu errors=%zu\n",
                p.name.c_str(), p.stats.Median(), p.stats.Min(), p.stats.times.size(), c.classes,
                c.methods, c.methods_with_code, c.instructions, c.bytes, c.errors);
    std::printf("TIMES %s", p.name.c_str());
    for (double t : p.stats.times) std::printf(" %.4f", t);
    std::printf("\n");
  }
  std::printf("RESULT peak_rss_kb %ld\n", PeakRssKb());
  return 0;
}

}  // namespace
}  // namespace jwp::bench

int main(int argc, char** argv) {
  return jwp::bench::Run(jwp::bench::ParseOptions(argc, argv));
}
