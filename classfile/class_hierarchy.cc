// Building the class hierarchy from class headers, and the subtype queries.
//
// Build runs in phases:
//   1. headers: ParseClassHeader on every class of the class path, names
//      interned as symbols (defined or merely referenced);
//   2. ids: defined classes numbered in class-path order, missing supertypes
//      collected, and (kPhantom) numbered after them in name order;
//   3. edges: super and interfaces as ClassIds, per the missing-class policy;
//   4. cycles: strongly connected components of the supertype graph (Tarjan,
//      iterative); each non-trivial one is reported, its classes marked
//      circular and the edges inside it cut, which leaves a DAG;
//   5. closure: missing-/circular-ancestor bits in topological order, the
//      direct-subtype index, the name index;
//   6. reports: missing classes (once each, sorted) and ill-formed supertypes.
#include "classfile/class_hierarchy.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_format.h"
#include "classfile/class_reader.h"
#include "classfile/header_cache.h"

namespace jwp::classfile {

namespace {
constexpr std::string_view kObject = "java/lang/Object";
constexpr std::string_view kCloneable = "java/lang/Cloneable";
constexpr std::string_view kSerializable = "java/io/Serializable";
constexpr uint32_t kNoSymbol = std::numeric_limits<uint32_t>::max();
}  // namespace

const char* MissingClassPolicyName(MissingClassPolicy policy) {
  switch (policy) {
    case MissingClassPolicy::kPhantom: return "phantom";
    case MissingClassPolicy::kRoot: return "root";
    case MissingClassPolicy::kFail: return "fail";
  }
  return "?";
}

const char* TristateName(Tristate t) {
  switch (t) {
    case Tristate::kNo: return "no";
    case Tristate::kYes: return "yes";
    case Tristate::kUnknown: return "unknown";
  }
  return "?";
}

ClassHierarchy::ClassHierarchy(const ClassPath& class_path, const ClassHierarchyOptions& options)
    : class_path_(&class_path), options_(options) {}

ClassHierarchy::~ClassHierarchy() = default;

// --- Build ---------------------------------------------------------------------

class ClassHierarchyBuilder {
 public:
  explicit ClassHierarchyBuilder(ClassHierarchy* h) : h_(h) {}

  absl::Status Run() {
    ReadHeaders();
    AssignIds();
    if (h_->options_.missing == MissingClassPolicy::kFail && !h_->missing_.empty()) {
      return ReportMissing();
    }
    SetEdges();
    BreakCycles();
    Finish();
    absl::Status missing = ReportMissing();
    ReportIllFormed();
    return missing;
  }

 private:
  // A class read from the class path, before ids exist.
  struct Pending {
    uint32_t symbol = kNoSymbol;
    uint32_t super_symbol = kNoSymbol;
    std::vector<uint32_t> interface_symbols;
    const Archive* archive = nullptr;
    uint16_t access_flags = 0;
    uint16_t major_version = 0;
  };

  Diagnostics& diagnostics() { return h_->diagnostics(); }

  std::string_view Intern(std::string_view s) {
    if (h_->chunk_used_ + s.size() > h_->chunk_size_) {
      size_t size = std::max<size_t>(64 * 1024, s.size());
      h_->name_chunks_.push_back(std::make_unique<char[]>(size));
      h_->chunk_size_ = size;
      h_->chunk_used_ = 0;
    }
    char* out = h_->name_chunks_.back().get() + h_->chunk_used_;
    if (!s.empty()) std::memcpy(out, s.data(), s.size());
    h_->chunk_used_ += s.size();
    return {out, s.size()};
  }

  uint32_t Symbol(std::string_view name) {
    auto it = symbol_index_.find(name);
    if (it != symbol_index_.end()) return it->second;
    std::string_view interned = Intern(name);
    uint32_t id = static_cast<uint32_t>(symbols_.size());
    symbols_.push_back(interned);
    symbol_index_.emplace(interned, id);
    return id;
  }

  // Phase 1.
  void ReadHeaders() {
    // The headers of a jimage's classes come from the cache when one is set.
    absl::flat_hash_map<const Archive*, std::unique_ptr<HeaderTable>> tables;
    if (!h_->options_.header_cache_dir.empty()) {
      for (const auto& archive : h_->class_path_->archives()) {
        if (auto t = LoadOrBuildHeaderTable(*archive, h_->options_.header_cache_dir)) {
          tables.emplace(archive.get(), std::move(t));
        }
      }
    }
    h_->class_path_->ForEachClass([&](std::string_view name, const Archive& archive) {
      if (auto t = tables.find(&archive); t != tables.end()) {
        if (const HeaderTable::Header* cached = t->second->Find(name)) {
          ++h_->cached_headers_;
          Add(name, archive, cached->access_flags, cached->major_version, cached->super,
              cached->interfaces);
          return;
        }
      }
      auto bytes = archive.ReadClass(name);
      if (!bytes.ok()) {
        ++h_->skipped_;
        diagnostics().Error(Cat("class hierarchy: class left out: ", bytes.status().message()));
        return;
      }
      auto header = ParseClassHeader(*bytes, archive.EntryName(name));
      if (!header.ok()) {
        ++h_->skipped_;
        diagnostics().Error(Cat("class hierarchy: class left out: ", header.status().message()));
        return;
      }
      if (header->access_flags & access::kModule) return;
      if (header->name != name) {
        ++h_->skipped_;
        diagnostics().Error(Cat("class hierarchy: class left out: ", archive.EntryName(name),
                                ": defines ", header->name, ", not ", name));
        return;
      }
      Add(name, archive, header->access_flags, header->major_version, header->super,
          header->interfaces);
    });
  }

  // A class whose header reads well (from the class file or the cache).
  template <typename Names>
  void Add(std::string_view name, const Archive& archive, uint16_t access_flags,
           uint16_t major_version, std::string_view super, const Names& interfaces) {
    if (access_flags & access::kModule) return;
    Pending p;
    p.symbol = Symbol(name);
    p.archive = &archive;
    p.access_flags = access_flags;
    p.major_version = major_version;
    if (!super.empty()) p.super_symbol = Symbol(super);
    p.interface_symbols.reserve(interfaces.size());
    for (std::string_view i : interfaces) p.interface_symbols.push_back(Symbol(i));
    pending_.push_back(std::move(p));
  }

  // Phase 2.
  void AssignIds() {
    symbol_class_.assign(symbols_.size(), kNoClass);
    for (size_t i = 0; i < pending_.size(); ++i) {
      symbol_class_[pending_[i].symbol] = static_cast<ClassId>(i);
    }
    // Missing supertypes, with their first referrer and reference count.
    absl::flat_hash_map<uint32_t, size_t> missing_index;
    std::vector<std::pair<uint32_t, ClassHierarchy::Missing>> missing;
    auto note = [&](uint32_t symbol, ClassId referrer, bool as_super) {
      if (symbol_class_[symbol] != kNoClass) return;
      auto [it, inserted] = missing_index.try_emplace(symbol, missing.size());
      if (inserted) {
        ClassHierarchy::Missing m;
        m.name = symbols_[symbol];
        m.first_referrer = referrer;
        missing.emplace_back(symbol, m);
      }
      auto& m = missing[it->second].second;
      ++m.references;
      m.as_superclass |= as_super;
    };
    for (size_t i = 0; i < pending_.size(); ++i) {
      const Pending& p = pending_[i];
      if (p.super_symbol != kNoSymbol) note(p.super_symbol, static_cast<ClassId>(i), true);
      for (uint32_t s : p.interface_symbols) note(s, static_cast<ClassId>(i), false);
    }
    std::sort(missing.begin(), missing.end(),
              [](const auto& a, const auto& b) { return a.second.name < b.second.name; });
    for (auto& [symbol, m] : missing) {
      missing_symbols_.push_back(symbol);
      h_->missing_.push_back(m);
    }

    // Nodes: defined classes, then phantoms.
    h_->nodes_.resize(pending_.size());
    for (size_t i = 0; i < pending_.size(); ++i) {
      ClassHierarchy::Node& n = h_->nodes_[i];
      n.name = symbols_[pending_[i].symbol];
      n.archive = pending_[i].archive;
      n.access_flags = pending_[i].access_flags;
      n.major_version = pending_[i].major_version;
    }
    if (h_->options_.missing == MissingClassPolicy::kPhantom) {
      for (size_t k = 0; k < missing_symbols_.size(); ++k) {
        const ClassHierarchy::Missing& m = h_->missing_[k];
        ClassId id = static_cast<ClassId>(h_->nodes_.size());
        symbol_class_[missing_symbols_[k]] = id;
        ClassHierarchy::Node n;
        n.name = m.name;
        n.access_flags = access::kPublic;
        if (!m.as_superclass) n.access_flags |= access::kInterface | access::kAbstract;
        n.flags = ClassHierarchy::kPhantomBit;
        h_->nodes_.push_back(n);
      }
    }
    auto find = [&](std::string_view name) {
      auto it = symbol_index_.find(name);
      return it == symbol_index_.end() ? kNoClass : symbol_class_[it->second];
    };
    h_->object_ = find(kObject);
    h_->cloneable_ = find(kCloneable);
    h_->serializable_ = find(kSerializable);
  }

  // Phase 3.
  void SetEdges() {
    size_t n = h_->nodes_.size();
    interfaces_.assign(n, {});
    const bool phantom = h_->options_.missing == MissingClassPolicy::kPhantom;
    for (size_t i = 0; i < pending_.size(); ++i) {
      ClassHierarchy::Node& node = h_->nodes_[i];
      const Pending& p = pending_[i];
      if (p.super_symbol != kNoSymbol) {
        ClassId s = symbol_class_[p.super_symbol];
        if (s == kNoClass || h_->nodes_[s].flags & ClassHierarchy::kPhantomBit) {
          node.flags |= ClassHierarchy::kMissingSuperBit;
        }
        if (s == kNoClass) s = RootFor(static_cast<ClassId>(i));  // kRoot
        node.super = s;
      } else if (node.name != kObject) {
        // Only java/lang/Object (and module-info) may lack a superclass (JVMS 4.1).
        diagnostics().Warning(Cat("class hierarchy: ", node.name,
                                  ": no superclass; java/lang/Object stands for it"));
        node.super = RootFor(static_cast<ClassId>(i));
      }
      for (uint32_t sym : p.interface_symbols) {
        ClassId s = symbol_class_[sym];
        if (s == kNoClass || h_->nodes_[s].flags & ClassHierarchy::kPhantomBit) {
          node.flags |= ClassHierarchy::kMissingSuperBit;
        }
        if (s == kNoClass) continue;  // kRoot: left out
        interfaces_[i].push_back(s);
      }
    }
    if (phantom) {
      for (size_t i = pending_.size(); i < n; ++i) {
        h_->nodes_[i].super = h_->nodes_[i].name == kObject ? kNoClass : h_->object_;
      }
    }
    pending_.clear();
    pending_.shrink_to_fit();
  }

  ClassId RootFor(ClassId id) const { return id == h_->object_ ? kNoClass : h_->object_; }

  size_t EdgeCount(ClassId v) const {
    return (h_->nodes_[v].super != kNoClass ? 1 : 0) + interfaces_[v].size();
  }
  ClassId Edge(ClassId v, size_t k) const {
    ClassId s = h_->nodes_[v].super;
    if (s != kNoClass) {
      if (k == 0) return s;
      --k;
    }
    return interfaces_[v][k];
  }

  // Phase 4: Tarjan's strongly connected components, iteratively.
  void BreakCycles() {
    const size_t n = h_->nodes_.size();
    constexpr uint32_t kUnvisited = std::numeric_limits<uint32_t>::max();
    std::vector<uint32_t> index(n, kUnvisited), low(n, 0), component(n, kUnvisited);
    std::vector<bool> on_stack(n, false);
    std::vector<ClassId> stack;
    struct Frame {
      ClassId v;
      size_t edge;
    };
    std::vector<Frame> calls;
    uint32_t counter = 0, components = 0;
    std::vector<std::vector<ClassId>> cyclic;  // non-trivial components
    for (ClassId s = 0; s < n; ++s) {
      if (index[s] != kUnvisited) continue;
      auto open = [&](ClassId v) {
        index[v] = low[v] = counter++;
        stack.push_back(v);
        on_stack[v] = true;
        calls.push_back({v, 0});
      };
      open(s);
      while (!calls.empty()) {
        Frame& f = calls.back();
        ClassId v = f.v;
        if (f.edge < EdgeCount(v)) {
          ClassId w = Edge(v, f.edge++);
          if (index[w] == kUnvisited) {
            open(w);  // invalidates f
          } else if (on_stack[w]) {
            low[v] = std::min(low[v], index[w]);
          }
          continue;
        }
        if (low[v] == index[v]) {
          std::vector<ClassId> members;
          ClassId w;
          do {
            w = stack.back();
            stack.pop_back();
            on_stack[w] = false;
            component[w] = components;
            members.push_back(w);
          } while (w != v);
          bool self_loop = false;
          for (size_t k = 0; k < EdgeCount(v); ++k) self_loop |= Edge(v, k) == v;
          if (members.size() > 1 || self_loop) {
            std::sort(members.begin(), members.end());
            cyclic.push_back(std::move(members));
          }
          ++components;
        }
        calls.pop_back();
        if (!calls.empty()) {
          ClassId u = calls.back().v;
          low[u] = std::min(low[u], low[v]);
        }
      }
    }
    // Report and cut: edges inside a component go; a cut superclass edge
    // becomes java/lang/Object unless Object is in the component itself.
    std::sort(cyclic.begin(), cyclic.end());
    for (const auto& members : cyclic) {
      ++h_->cycles_;
      std::string names;
      for (ClassId m : members) {
        if (!names.empty()) names += ", ";
        names += h_->nodes_[m].name;
      }
      diagnostics().Error(Cat("class hierarchy: cycle in the superclass/interface graph among ",
                              names, " (ClassCircularityError); the edges among them are cut"));
      uint32_t c = component[members.front()];
      for (ClassId m : members) {
        ClassHierarchy::Node& node = h_->nodes_[m];
        node.flags |= ClassHierarchy::kCircularBit;
        if (node.super != kNoClass && component[node.super] == c) {
          ClassId root = RootFor(m);
          node.super = root != kNoClass && component[root] != c ? root : kNoClass;
        }
        auto& ifs = interfaces_[m];
        ifs.erase(std::remove_if(ifs.begin(), ifs.end(),
                                 [&](ClassId i) { return component[i] == c; }),
                  ifs.end());
      }
    }
  }

  // Phase 5.
  void Finish() {
    const size_t n = h_->nodes_.size();
    // Interfaces, flattened.
    for (size_t i = 0; i < n; ++i) {
      ClassHierarchy::Node& node = h_->nodes_[i];
      node.interfaces_begin = static_cast<uint32_t>(h_->interfaces_.size());
      node.interfaces_count = static_cast<uint16_t>(interfaces_[i].size());
      h_->interfaces_.insert(h_->interfaces_.end(), interfaces_[i].begin(), interfaces_[i].end());
    }
    interfaces_.clear();
    interfaces_.shrink_to_fit();

    // Ancestor bits, supertypes before subtypes (the graph is a DAG now).
    std::vector<uint8_t> state(n, 0);  // 0 new, 1 open, 2 done
    std::vector<std::pair<ClassId, size_t>> stack;
    for (ClassId s = 0; s < n; ++s) {
      if (state[s] != 0) continue;
      stack.push_back({s, 0});
      state[s] = 1;
      while (!stack.empty()) {
        auto& [v, k] = stack.back();
        ClassId vv = v;
        const auto ifs = h_->Interfaces(vv);
        const ClassId sup = h_->nodes_[vv].super;
        size_t count = (sup != kNoClass ? 1 : 0) + ifs.size();
        if (k < count) {
          ClassId w = (sup != kNoClass) ? (k == 0 ? sup : ifs[k - 1]) : ifs[k];
          ++k;
          if (state[w] == 0) {
            state[w] = 1;
            stack.push_back({w, 0});
          }
          continue;
        }
        ClassHierarchy::Node& node = h_->nodes_[vv];
        uint8_t bits = 0;
        if (node.flags & (ClassHierarchy::kPhantomBit | ClassHierarchy::kMissingSuperBit)) {
          bits |= ClassHierarchy::kMissingAncestorBit;
        }
        if (node.flags & ClassHierarchy::kCircularBit) bits |= ClassHierarchy::kCircularAncestorBit;
        auto inherit = [&](ClassId p) {
          bits |= h_->nodes_[p].flags &
                  (ClassHierarchy::kMissingAncestorBit | ClassHierarchy::kCircularAncestorBit);
        };
        if (sup != kNoClass) inherit(sup);
        for (ClassId i : ifs) inherit(i);
        node.flags |= bits;
        state[vv] = 2;
        stack.pop_back();
      }
    }

    // Direct-subtype index (CSR), ascending because ids are visited in order.
    auto build_csr = [&](auto&& parents_of, std::vector<uint32_t>& begin,
                         std::vector<ClassId>& out) {
      begin.assign(n + 1, 0);
      for (ClassId v = 0; v < n; ++v) parents_of(v, [&](ClassId p) { ++begin[p + 1]; });
      for (size_t i = 0; i < n; ++i) begin[i + 1] += begin[i];
      out.resize(begin[n]);
      std::vector<uint32_t> fill(begin.begin(), begin.end() - 1);
      for (ClassId v = 0; v < n; ++v) parents_of(v, [&](ClassId p) { out[fill[p]++] = v; });
    };
    build_csr(
        [&](ClassId v, auto&& f) {
          if (h_->nodes_[v].super != kNoClass) f(h_->nodes_[v].super);
        },
        h_->subclass_begin_, h_->subclasses_);
    build_csr(
        [&](ClassId v, auto&& f) {
          for (ClassId i : h_->Interfaces(v)) f(i);
        },
        h_->implementor_begin_, h_->implementors_);

    // Name index (defined and phantom classes).
    h_->index_.reserve(n);
    for (ClassId v = 0; v < n; ++v) h_->index_.emplace(h_->nodes_[v].name, v);
    h_->members_ = std::make_unique<ClassHierarchy::MemberSlot[]>(n);
    symbol_index_.clear();
  }

  // Phase 6.
  absl::Status ReportMissing() {
    const MissingClassPolicy policy = h_->options_.missing;
    for (const ClassHierarchy::Missing& m : h_->missing_) {
      std::string where = absl::StrFormat(
          "%s of %s, %u reference%s", m.as_superclass ? "superclass" : "superinterface",
          std::string(h_->nodes_[m.first_referrer].name), m.references,
          m.references == 1 ? "" : "s");
      std::string message = Cat("class hierarchy: missing class ", m.name, " (", where, ")");
      switch (policy) {
        case MissingClassPolicy::kPhantom:
          diagnostics().Warning(Cat(message, ": a phantom ",
                                    m.as_superclass ? "class" : "interface",
                                    " without members stands for it"));
          break;
        case MissingClassPolicy::kRoot:
          diagnostics().Warning(Cat(message, m.as_superclass
                                                 ? ": java/lang/Object stands for it"
                                                 : ": left out"));
          break;
        case MissingClassPolicy::kFail:
          diagnostics().Error(message);
          break;
      }
    }
    if (policy == MissingClassPolicy::kFail && !h_->missing_.empty()) {
      std::string names;
      for (size_t i = 0; i < h_->missing_.size() && i < 10; ++i) {
        if (i > 0) names += ", ";
        names += h_->missing_[i].name;
      }
      if (h_->missing_.size() > 10) names += ", ...";
      return absl::NotFoundError(absl::StrFormat("class hierarchy: %u missing class%s: %s",
                                                 h_->missing_.size(),
                                                 h_->missing_.size() == 1 ? "" : "es", names));
    }
    return absl::OkStatus();
  }

  // Supertypes the JVM would refuse when loading (JVMS 5.3.5): reported, kept.
  void ReportIllFormed() {
    for (ClassId v = 0; v < h_->size(); ++v) {
      if (h_->IsPhantom(v) || h_->IsCircular(v)) continue;
      std::string_view name = h_->Name(v);
      ClassId s = h_->Super(v);
      if (s != kNoClass && !h_->IsPhantom(s)) {
        if (h_->IsInterface(v)) {
          if (s != h_->object_) {
            diagnostics().Warning(Cat("class hierarchy: ", name, ": interface with superclass ",
                                      h_->Name(s), ", not java/lang/Object (ClassFormatError)"));
          }
        } else if (h_->IsInterface(s)) {
          diagnostics().Warning(Cat("class hierarchy: ", name, ": superclass ", h_->Name(s),
                                    " is an interface (IncompatibleClassChangeError)"));
        } else if (h_->IsFinal(s)) {
          diagnostics().Warning(Cat("class hierarchy: ", name, ": superclass ", h_->Name(s),
                                    " is final (VerifyError)"));
        }
      }
      for (ClassId i : h_->Interfaces(v)) {
        if (!h_->IsPhantom(i) && !h_->IsInterface(i)) {
          diagnostics().Warning(Cat("class hierarchy: ", name, ": superinterface ", h_->Name(i),
                                    " is a class (IncompatibleClassChangeError)"));
        }
      }
    }
  }

  ClassHierarchy* h_;
  std::vector<Pending> pending_;
  std::vector<std::string_view> symbols_;
  absl::flat_hash_map<std::string_view, uint32_t, StringHash, StringEq> symbol_index_;
  std::vector<ClassId> symbol_class_;
  std::vector<uint32_t> missing_symbols_;  // parallel to h_->missing_
  std::vector<std::vector<ClassId>> interfaces_;
};

absl::StatusOr<std::unique_ptr<ClassHierarchy>> ClassHierarchy::Build(
    const ClassPath& class_path, const ClassHierarchyOptions& options) {
  std::unique_ptr<ClassHierarchy> h(new ClassHierarchy(class_path, options));
  ClassHierarchyBuilder builder(h.get());
  absl::Status status = builder.Run();
  if (!status.ok()) return status;
  return h;
}

// --- Classes -------------------------------------------------------------------

ClassId ClassHierarchy::Find(std::string_view internal_name) const {
  auto it = index_.find(internal_name);
  return it == index_.end() ? kNoClass : it->second;
}

std::string_view ClassHierarchy::PackageOf(ClassId id) const {
  std::string_view name = nodes_[id].name;
  size_t slash = name.rfind('/');
  return slash == std::string_view::npos ? std::string_view() : name.substr(0, slash);
}

bool ClassHierarchy::IsInstantiable(ClassId id) const {
  const Node& n = nodes_[id];
  return !(n.flags & (kPhantomBit | kCircularAncestorBit)) &&
         !(n.access_flags & (access::kInterface | access::kAbstract));
}

// --- Subtypes ------------------------------------------------------------------

std::vector<ClassId> ClassHierarchy::Subtypes(ClassId id) const {
  std::vector<ClassId> out;
  if (!Valid(id)) return out;
  std::vector<bool> seen(size(), false);
  std::vector<ClassId> work = {id};
  seen[id] = true;
  while (!work.empty()) {
    ClassId v = work.back();
    work.pop_back();
    out.push_back(v);
    for (auto span : {DirectSubclasses(v), DirectImplementors(v)}) {
      for (ClassId w : span) {
        if (!seen[w]) {
          seen[w] = true;
          work.push_back(w);
        }
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<ClassId> ClassHierarchy::ConcreteSubtypes(ClassId id) const {
  std::vector<ClassId> out = Subtypes(id);
  out.erase(std::remove_if(out.begin(), out.end(), [&](ClassId c) { return !IsInstantiable(c); }),
            out.end());
  return out;
}

std::vector<ClassId> ClassHierarchy::Supertypes(ClassId id) const {
  std::vector<ClassId> out;
  if (!Valid(id)) return out;
  absl::flat_hash_set<ClassId> seen = {id};
  std::vector<ClassId> work = {id};
  while (!work.empty()) {
    ClassId v = work.back();
    work.pop_back();
    out.push_back(v);
    auto visit = [&](ClassId w) {
      if (seen.insert(w).second) work.push_back(w);
    };
    if (Super(v) != kNoClass) visit(Super(v));
    for (ClassId i : Interfaces(v)) visit(i);
  }
  std::sort(out.begin(), out.end());
  return out;
}

Tristate ClassHierarchy::IsSubtype(ClassId a, ClassId b) const {
  if (!Valid(a) || !Valid(b)) return Tristate::kUnknown;
  if (a == b || b == object_) return Tristate::kYes;
  bool found = false;
  if (!IsInterface(b) && !IsPhantom(b)) {
    // A class is reached only along superclass edges.
    for (ClassId k = Super(a); k != kNoClass && !found; k = Super(k)) found = k == b;
  } else {
    absl::flat_hash_set<ClassId> seen = {a};
    std::vector<ClassId> work = {a};
    while (!work.empty() && !found) {
      ClassId v = work.back();
      work.pop_back();
      auto visit = [&](ClassId w) {
        if (w == b) found = true;
        if (seen.insert(w).second) work.push_back(w);
      };
      if (Super(v) != kNoClass) visit(Super(v));
      for (ClassId i : Interfaces(v)) visit(i);
    }
  }
  if (found) return Tristate::kYes;
  if (nodes_[a].flags & (kMissingAncestorBit | kCircularAncestorBit)) return Tristate::kUnknown;
  return Tristate::kNo;
}

namespace {

// A reference or primitive type: `dims` array dimensions around a primitive
// (`primitive` != 0) or a class named `name`.
struct TypeName {
  bool ok = false;
  int dims = 0;
  char primitive = 0;
  std::string_view name;
};

TypeName ParseTypeName(std::string_view s) {
  TypeName t;
  while (!s.empty() && s.front() == '[') {
    ++t.dims;
    s.remove_prefix(1);
  }
  if (s.empty() || t.dims > 255) return t;
  if (s.size() >= 3 && s.front() == 'L' && s.back() == ';') {
    t.name = s.substr(1, s.size() - 2);
  } else if (t.dims > 0) {
    if (s.size() != 1 || std::string_view("BCDFIJSZ").find(s[0]) == std::string_view::npos) {
      return t;
    }
    t.primitive = s[0];
    t.ok = true;
    return t;
  } else {
    t.name = s;
  }
  if (t.name.empty() || t.name.find_first_of(";[.") != std::string_view::npos) return t;
  t.ok = true;
  return t;
}

}  // namespace

Tristate ClassHierarchy::IsSubtype(std::string_view a_text, std::string_view b_text) const {
  TypeName a = ParseTypeName(a_text), b = ParseTypeName(b_text);
  if (!a.ok || !b.ok) return Tristate::kUnknown;
  // Strip dimensions pairwise (JVMS 6.5 checkcast: [SC <: [TC iff SC <: TC
  // for reference components, SC == TC for primitive ones).
  while (a.dims > 0 && b.dims > 0) {
    --a.dims;
    --b.dims;
    if (a.dims == 0 && a.primitive != 0) {
      return b.dims == 0 && b.primitive == a.primitive ? Tristate::kYes : Tristate::kNo;
    }
    if (b.dims == 0 && b.primitive != 0) return Tristate::kNo;
  }
  if (a.dims > 0) {
    // An array and a class type: Object, Cloneable, Serializable only.
    return b.name == kObject || b.name == kCloneable || b.name == kSerializable ? Tristate::kYes
                                                                               : Tristate::kNo;
  }
  if (b.dims > 0) return Tristate::kNo;  // a class type is never an array
  if (a.name == b.name || b.name == kObject) return Tristate::kYes;
  ClassId ia = Find(a.name), ib = Find(b.name);
  if (ia == kNoClass) {
    NoteMissing(a.name, "a subtype test");
    return Tristate::kUnknown;
  }
  if (ib == kNoClass) {
    // b is not a known supertype of a; only a missing ancestor of a could be b.
    NoteMissing(b.name, "a subtype test");
    return HasMissingAncestor(ia) || HasCircularAncestor(ia) ? Tristate::kUnknown : Tristate::kNo;
  }
  return IsSubtype(ia, ib);
}

// --- Missing classes -----------------------------------------------------------

bool ClassHierarchy::IsMissing(std::string_view internal_name) const {
  auto it = std::lower_bound(missing_.begin(), missing_.end(), internal_name,
                             [](const Missing& m, std::string_view n) { return m.name < n; });
  if (it != missing_.end() && it->name == internal_name) return true;
  absl::MutexLock lock(&missing_mu_);
  return query_missing_.contains(internal_name);
}

std::vector<std::string> ClassHierarchy::MissingClasses() const {
  std::vector<std::string> out;
  for (const Missing& m : missing_) out.emplace_back(m.name);
  {
    absl::MutexLock lock(&missing_mu_);
    for (const std::string& n : query_missing_) out.push_back(n);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void ClassHierarchy::NoteMissing(std::string_view internal_name, std::string_view context) const {
  auto it = std::lower_bound(missing_.begin(), missing_.end(), internal_name,
                             [](const Missing& m, std::string_view n) { return m.name < n; });
  if (it != missing_.end() && it->name == internal_name) return;  // reported at Build
  {
    absl::MutexLock lock(&missing_mu_);
    if (!query_missing_.insert(std::string(internal_name)).second) return;
  }
  diagnostics().Warning(
      Cat("class hierarchy: missing class ", internal_name, " (needed by ", context, ")"));
}

std::vector<ClassId> ClassHierarchy::CircularClasses() const {
  std::vector<ClassId> out;
  for (ClassId v = 0; v < size(); ++v) {
    if (IsCircular(v)) out.push_back(v);
  }
  return out;
}

// --- Members -------------------------------------------------------------------

absl::StatusOr<const ClassFile*> ClassHierarchy::Load(ClassId id) const {
  if (!Valid(id)) return absl::InvalidArgumentError(Cat("class hierarchy: no class id ", id));
  if (IsPhantom(id)) {
    return absl::NotFoundError(Cat("class ", Name(id), " is missing from the class path"));
  }
  MemberSlot& slot = members_[id];
  absl::call_once(slot.once, [&] {
    slot.file = class_path_->Load(Name(id));
    if (slot.file.ok()) {
      loaded_.fetch_add(1, std::memory_order_relaxed);
    } else {
      diagnostics().Error(Cat("class hierarchy: cannot load members of ", Name(id), ": ",
                              slot.file.status().message()));
    }
  });
  if (!slot.file.ok()) return slot.file.status();
  return slot.file->get();
}

ClassHierarchy::Stats ClassHierarchy::stats() const {
  Stats s;
  for (const Node& n : nodes_) {
    if (n.flags & kPhantomBit) {
      ++s.phantoms;
      continue;
    }
    ++s.classes;
    if (n.access_flags & access::kInterface) ++s.interfaces;
    if (n.flags & kCircularBit) ++s.circular;
  }
  s.missing = missing_.size();
  s.cycles = cycles_;
  s.skipped = skipped_;
  s.cached_headers = cached_headers_;
  s.loaded = loaded_.load(std::memory_order_relaxed);
  return s;
}

}  // namespace jwp::classfile
