// The class hierarchy of a whole class path: a dense ClassId per class, its
// superclass and superinterfaces (JVMS 4.1 super_class/interfaces), the
// direct-subtype index, and subtype tests for class, interface and array
// types (JVMS 6.5 checkcast, JLS 4.10). It is built from class headers only
// (ParseClassHeader), so that the whole JDK fits in little memory; member
// tables are parsed lazily through ClassPath::Load when member resolution
// (member_resolution.h, JVMS 5.4.3 and 5.4.6) needs them. With
// ClassHierarchyOptions::header_cache_dir, a jimage's headers come from the
// file header_cache.h keeps between runs.
//
// Malformed or incomplete input never stops the build. A supertype that is not
// on the class path is handled by a MissingClassPolicy (after WALA's
// MissingSuperClassHandling) and recorded once in the Diagnostics. A cycle in
// the superclass/interface graph (JVMS 5.3.5: ClassCircularityError) is
// reported once per strongly connected component, its classes are marked
// circular and the edges inside the component are cut, so that every walk up
// the hierarchy terminates. Verify() checks the invariants listed in
// class_hierarchy_verify.cc.
//
// Ownership: Build returns a ClassHierarchy that refers to the ClassPath (which
// must outlive it) and to the ClassPath's Diagnostics. The hierarchy is
// immutable after Build; every const method is safe to call from several
// threads at once (lazy member loading and the record of missing classes are
// internally synchronized). Names, ClassFiles and members it hands out live as
// long as the hierarchy.
#ifndef JWP_CLASSFILE_CLASS_HIERARCHY_H_
#define JWP_CLASSFILE_CLASS_HIERARCHY_H_

#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/base/call_once.h"
#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "classfile/archive.h"
#include "classfile/class_file.h"
#include "classfile/class_path.h"
#include "classfile/diagnostics.h"
#include "classfile/strings.h"

namespace jwp::classfile {

// Dense class number: 0..size()-1. Classes defined on the class path come
// first, in ClassPath::ForEachClass order; phantoms follow, sorted by name.
using ClassId = uint32_t;
inline constexpr ClassId kNoClass = std::numeric_limits<ClassId>::max();

// What the hierarchy does with a supertype that is not on the class path.
// Whatever the policy, each missing class is recorded once in Diagnostics and
// answers IsMissing(); classes above which something is missing answer
// HasMissingAncestor(), and queries that needed the missing class say so
// (Tristate::kUnknown, MemberResult::incomplete or kNoClassDefFound).
enum class MissingClassPolicy : uint8_t {
  // A phantom class stands for it: a subclass of java/lang/Object without
  // members, never instantiable; an interface if it is only ever named as
  // one. Default.
  kPhantom,
  // The reference is dropped: a missing superclass becomes java/lang/Object,
  // a missing superinterface is left out.
  kRoot,
  // Build fails (NotFound) naming the missing classes.
  kFail,
};

const char* MissingClassPolicyName(MissingClassPolicy policy);

struct ClassHierarchyOptions {
  MissingClassPolicy missing = MissingClassPolicy::kPhantom;
  // Where the headers of a jimage's classes are cached between runs
  // (header_cache.h; DefaultCacheDir() is the usual one); "": read them from
  // the image each time.
  std::string header_cache_dir;
};

// A three-valued answer: kUnknown when the hierarchy lacks the classes that
// would decide it (a missing supertype, a circular class, a malformed type).
enum class Tristate : uint8_t { kNo, kYes, kUnknown };

const char* TristateName(Tristate t);

class ClassHierarchy {
 public:
  // Reads the header of every class of `class_path` (first definition wins).
  // Classes whose bytes cannot be read or whose header is malformed are
  // reported to the class path's Diagnostics and left out (and so become
  // missing where referenced). module-info classes are left out.
  static absl::StatusOr<std::unique_ptr<ClassHierarchy>> Build(
      const ClassPath& class_path, const ClassHierarchyOptions& options = {});

  ClassHierarchy(const ClassHierarchy&) = delete;
  ClassHierarchy& operator=(const ClassHierarchy&) = delete;
  ~ClassHierarchy();

  // --- Classes ------------------------------------------------------------

  size_t size() const { return nodes_.size(); }
  bool Valid(ClassId id) const { return id < nodes_.size(); }
  // The class (defined or phantom) named `internal_name`, or kNoClass.
  ClassId Find(std::string_view internal_name) const;
  std::string_view Name(ClassId id) const { return nodes_[id].name; }
  // Package part of the name ("java/util" for java/util/List; "" if none).
  std::string_view PackageOf(ClassId id) const;
  // Direct superclass; kNoClass for java/lang/Object (and when Object itself
  // is missing). An interface's superclass is java/lang/Object (JVMS 4.1).
  ClassId Super(ClassId id) const { return nodes_[id].super; }
  // Direct superinterfaces in declaration order.
  std::span<const ClassId> Interfaces(ClassId id) const {
    const Node& n = nodes_[id];
    return {interfaces_.data() + n.interfaces_begin, n.interfaces_count};
  }
  uint16_t AccessFlags(ClassId id) const { return nodes_[id].access_flags; }
  uint16_t MajorVersion(ClassId id) const { return nodes_[id].major_version; }
  bool IsInterface(ClassId id) const { return nodes_[id].access_flags & access::kInterface; }
  bool IsAbstract(ClassId id) const { return nodes_[id].access_flags & access::kAbstract; }
  bool IsFinal(ClassId id) const { return nodes_[id].access_flags & access::kFinal; }
  // A stand-in for a missing class (MissingClassPolicy::kPhantom).
  bool IsPhantom(ClassId id) const { return nodes_[id].flags & kPhantomBit; }
  // On a cycle of the superclass/interface graph (malformed input).
  bool IsCircular(ClassId id) const { return nodes_[id].flags & kCircularBit; }
  // The class or one of its supertypes is circular: the JVM would not load it.
  bool HasCircularAncestor(ClassId id) const { return nodes_[id].flags & kCircularAncestorBit; }
  // The class is a phantom, or some supertype of it (transitively) is missing.
  bool HasMissingAncestor(ClassId id) const { return nodes_[id].flags & kMissingAncestorBit; }
  // A direct supertype of this class is missing (phantom or dropped).
  bool HasMissingSupertype(ClassId id) const { return nodes_[id].flags & kMissingSuperBit; }
  // Defined, neither interface nor abstract, and loadable (not circular).
  bool IsInstantiable(ClassId id) const;
  // The archive that defines the class; nullptr for phantoms.
  const Archive* ArchiveOf(ClassId id) const { return nodes_[id].archive; }

  // --- Subtypes -----------------------------------------------------------

  // Classes (and interfaces) whose super_class is `id`, ascending.
  std::span<const ClassId> DirectSubclasses(ClassId id) const {
    return {subclasses_.data() + subclass_begin_[id], subclass_begin_[id + 1] - subclass_begin_[id]};
  }
  // Classes that implement and interfaces that extend interface `id`, ascending.
  std::span<const ClassId> DirectImplementors(ClassId id) const {
    return {implementors_.data() + implementor_begin_[id],
            implementor_begin_[id + 1] - implementor_begin_[id]};
  }
  // `id` and all its transitive subtypes, ascending.
  std::vector<ClassId> Subtypes(ClassId id) const;
  // Those of Subtypes(id) that IsInstantiable, ascending.
  std::vector<ClassId> ConcreteSubtypes(ClassId id) const;
  // `id` and all its transitive supertypes (superclasses and superinterfaces),
  // ascending.
  std::vector<ClassId> Supertypes(ClassId id) const;

  // Whether a is a subtype of b (reflexive): kYes through known edges,
  // kUnknown if not found but a missing or circular supertype could decide
  // it, else kNo.
  Tristate IsSubtype(ClassId a, ClassId b) const;
  // Reference types given as internal names ("java/lang/String"), class
  // descriptors ("Ljava/lang/String;") or array descriptors ("[I",
  // "[[Ljava/lang/Object;"). An array is a subtype of java/lang/Object,
  // java/lang/Cloneable and java/io/Serializable, and [S of [T when S and T
  // are the same primitive type or reference types with S a subtype of T.
  // A class name not in the hierarchy is recorded as missing.
  Tristate IsSubtype(std::string_view a, std::string_view b) const;

  // --- Missing classes ----------------------------------------------------

  // Whether `internal_name` was referenced (as a supertype, or by a query)
  // and is not on the class path.
  bool IsMissing(std::string_view internal_name) const;
  // Every missing class name, sorted.
  std::vector<std::string> MissingClasses() const;
  // Records a class that a query needed and did not find; the first record of
  // each name adds one warning to Diagnostics (`context` says who needed it).
  void NoteMissing(std::string_view internal_name, std::string_view context) const;
  // Classes on cycles, ascending.
  std::vector<ClassId> CircularClasses() const;

  // --- Members (loaded lazily) -------------------------------------------

  // Parses the class (once) through the class path. NotFound for phantoms;
  // a parse error is also reported to Diagnostics, once.
  absl::StatusOr<const ClassFile*> Load(ClassId id) const;

  // --- Checks and statistics ----------------------------------------------

  // Checks the hierarchy's invariants (class_hierarchy_verify.cc); all broken
  // ones are listed in the Internal status, one per line.
  [[nodiscard]] absl::Status Verify() const;

  struct Stats {
    size_t classes = 0;     // defined on the class path
    size_t interfaces = 0;  // of which interfaces
    size_t phantoms = 0;
    size_t missing = 0;     // missing classes recorded at Build
    size_t circular = 0;    // classes on cycles
    size_t cycles = 0;      // strongly connected components reported
    size_t skipped = 0;     // unreadable or malformed headers
    size_t loaded = 0;      // classes whose members were parsed so far
    size_t cached_headers = 0;  // headers taken from the header cache
  };
  Stats stats() const;

  const ClassPath& class_path() const { return *class_path_; }
  Diagnostics& diagnostics() const { return class_path_->diagnostics(); }
  const ClassHierarchyOptions& options() const { return options_; }
  // Well-known classes, or kNoClass if absent.
  ClassId object_class() const { return object_; }
  ClassId cloneable_class() const { return cloneable_; }
  ClassId serializable_class() const { return serializable_; }

 private:
  friend class ClassHierarchyBuilder;
  friend class ClassHierarchyTestPeer;

  static constexpr uint8_t kPhantomBit = 1;
  static constexpr uint8_t kCircularBit = 2;
  static constexpr uint8_t kMissingSuperBit = 4;
  static constexpr uint8_t kMissingAncestorBit = 8;
  static constexpr uint8_t kCircularAncestorBit = 16;

  struct Node {
    std::string_view name;  // into names_
    const Archive* archive = nullptr;
    ClassId super = kNoClass;
    uint32_t interfaces_begin = 0;
    uint16_t interfaces_count = 0;
    uint16_t access_flags = 0;
    uint16_t major_version = 0;
    uint8_t flags = 0;
  };

  // A missing class recorded at Build.
  struct Missing {
    std::string_view name;
    ClassId first_referrer = kNoClass;
    uint32_t references = 0;
    bool as_superclass = false;  // named as a superclass at least once
  };

  // Lazily parsed members of one class.
  struct MemberSlot {
    absl::once_flag once;
    absl::StatusOr<std::shared_ptr<const ClassFile>> file;
  };

  ClassHierarchy(const ClassPath& class_path, const ClassHierarchyOptions& options);

  const ClassPath* class_path_;
  ClassHierarchyOptions options_;

  // Interned names: chunks that never move.
  std::vector<std::unique_ptr<char[]>> name_chunks_;
  size_t chunk_used_ = 0;
  size_t chunk_size_ = 0;

  std::vector<Node> nodes_;
  std::vector<ClassId> interfaces_;
  absl::flat_hash_map<std::string_view, ClassId, StringHash, StringEq> index_;
  // Direct-subtype index (CSR): begin offsets have size()+1 entries.
  std::vector<uint32_t> subclass_begin_;
  std::vector<ClassId> subclasses_;
  std::vector<uint32_t> implementor_begin_;
  std::vector<ClassId> implementors_;

  std::vector<Missing> missing_;  // sorted by name
  size_t cycles_ = 0;
  size_t skipped_ = 0;
  size_t cached_headers_ = 0;
  ClassId object_ = kNoClass;
  ClassId cloneable_ = kNoClass;
  ClassId serializable_ = kNoClass;

  std::unique_ptr<MemberSlot[]> members_;
  mutable std::atomic<size_t> loaded_{0};

  mutable absl::Mutex missing_mu_;
  mutable StringSet query_missing_ ABSL_GUARDED_BY(missing_mu_);
};

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_CLASS_HIERARCHY_H_
