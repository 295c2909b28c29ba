// TermManager core: the node arena, hash-consing, names of types, fields,
// methods and variables, leaves, generic construction. The folding
// constructors live in term_bool.cc, term_arith.cc and term_heap.cc.
#include "logic/term_manager.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <ostream>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "logic/internal/canonical.h"
#include "base/check.h"
#include "logic/internal/util.h"
#include "base/java_semantics.h"
#include "logic/stable_hash.h"

namespace jwp::logic {

using internal::NodeKey;
using internal::TermNode;
using internal::av;

namespace {

constexpr uint64_t kMul = 0x9e3779b97f4a7c15ull;

uint64_t structural_hash(TermKind kind, Sort sort, uint64_t payload, std::span<const Term> args) {
  uint64_t h = StableMix(static_cast<uint64_t>(kind) << 16 | sort.bits(), payload);
  for (Term a : args) h = StableMix(h, a.id());
  return StableFinish(h);
}

constexpr size_t kChunkBytes = 64 * 1024;

VarInfo make_info(VarRole role, Sort sort) {
  VarInfo info;
  info.role = role;
  info.sort = sort;
  return info;
}

}  // namespace

// Lookup key: the structure of a node that may not exist yet.
struct internal::NodeKey {
  TermKind kind;
  Sort sort;
  uint64_t payload;
  std::span<const Term> args;
  uint64_t hash;
};

struct TermManager::Table {
  struct Hash {
    using is_transparent = void;
    size_t operator()(const TermNode* n) const { return n->hash; }
    size_t operator()(const NodeKey& k) const { return k.hash; }
  };
  struct Eq {
    using is_transparent = void;
    static std::span<const Term> args(const TermNode* n) {
      return {reinterpret_cast<const Term*>(n + 1), n->num_args};
    }
    bool operator()(const TermNode* a, const TermNode* b) const { return a == b; }
    bool operator()(const TermNode* a, const NodeKey& k) const { return (*this)(k, a); }
    bool operator()(const NodeKey& k, const TermNode* n) const {
      if (k.hash != n->hash || k.kind != n->kind || !(k.sort == n->sort) ||
          k.payload != n->payload || k.args.size() != n->num_args) {
        return false;
      }
      std::span<const Term> na = args(n);
      return std::equal(k.args.begin(), k.args.end(), na.begin());
    }
  };
  absl::flat_hash_set<const TermNode*, Hash, Eq> set;
};

// ---- kind tables -------------------------------------------------------------

namespace {
struct KindRow {
  std::string_view name;
  int min_args, max_args;
};
constexpr KindRow kKindRows[] = {
#define JWP_TERM_KIND(name, snake, min_args, max_args) {#snake, min_args, max_args},
#include "logic/term_kinds.def"
#undef JWP_TERM_KIND
};
static_assert(std::size(kKindRows) == kTermKindCount);
}  // namespace

std::string_view term_kind_name(TermKind kind) { return kKindRows[static_cast<int>(kind)].name; }
int term_kind_min_args(TermKind kind) { return kKindRows[static_cast<int>(kind)].min_args; }
int term_kind_max_args(TermKind kind) { return kKindRows[static_cast<int>(kind)].max_args; }

std::string debug_string(Term t) {
  if (t.is_null()) return "<null term>";
  return absl::StrCat("#", t.id(), ":", internal::kind_name(t.kind()));
}

void PrintTo(Term t, std::ostream* os) { *os << debug_string(t); }

bool is_atom(Term t) {
  if (!t.sort().is_bool()) return false;
  switch (t.kind()) {
    case TermKind::kConst: case TermKind::kNot: case TermKind::kAnd: case TermKind::kOr:
    case TermKind::kIte:
      return false;
    default:
      return true;
  }
}

bool is_literal(Term t) { return is_atom(t) || (t.is(TermKind::kNot) && is_atom(t.arg(0))); }

// ---- construction --------------------------------------------------------------

TermManager::TermManager() : table_(std::make_unique<Table>()) {
  false_ = intern(TermKind::kConst, Sort::Bool(), 0, {});
  true_ = intern(TermKind::kConst, Sort::Bool(), 1, {});
  null_ = intern(TermKind::kNull, Sort::Ref(), 0, {});
  object_type_ = mk_type("java/lang/Object");
  string_type_ = mk_type("java/lang/String");
  length_field_ = member(TermKind::kFieldConst, Sort::FieldMap(Sort::Int()), "", "length", "I",
                         /*is_signature=*/false);
  VarInfo info = make_info(VarRole::kExc, Sort::Ref());
  exc_ = variable(VarKey{VarRole::kExc, 0, Sort::Ref().bits(), 0, 0, 0, 0, 0}, info, "exc");
}

TermManager::~TermManager() = default;

void* TermManager::allocate(size_t bytes) {
  bytes = (bytes + 7) & ~size_t{7};
  if (bytes > chunk_left_) {
    size_t size = std::max(bytes, kChunkBytes);
    chunks_.push_back(std::make_unique<char[]>(size));
    chunk_next_ = chunks_.back().get();
    chunk_left_ = size;
  }
  void* p = chunk_next_;
  chunk_next_ += bytes;
  chunk_left_ -= bytes;
  stats_.bytes += bytes;
  return p;
}

Term TermManager::intern(TermKind kind, Sort sort, uint64_t payload, std::span<const Term> args) {
  JWP_DCHECK(static_cast<int>(args.size()) >= term_kind_min_args(kind) &&
                 (term_kind_max_args(kind) < 0 ||
                  static_cast<int>(args.size()) <= term_kind_max_args(kind)),
             absl::StrCat("wrong argument count for ", internal::kind_name(kind)));
  NodeKey key{kind, sort, payload, args, structural_hash(kind, sort, payload, args)};
  ++stats_.lookups;
  const TermNode* created = nullptr;
  // One probe: lazy_emplace builds the node only when the key is absent.
  auto it = table_->set.lazy_emplace(key, [&](const auto& construct) {
    created = make_node(key);
    construct(created);
  });
  if (created == nullptr) ++stats_.hits;
  return Term(*it);
}

const TermNode* TermManager::make_node(const NodeKey& key) {
  JWP_CHECK(nodes_.size() < UINT32_MAX, "too many terms");
  std::span<const Term> args = key.args;
  void* mem = allocate(sizeof(TermNode) + args.size() * sizeof(Term));
  TermNode* node = new (mem) TermNode{};
  node->id = static_cast<uint32_t>(nodes_.size());
  node->kind = key.kind;
  node->sort = key.sort;
  node->num_args = static_cast<uint32_t>(args.size());
  node->payload = key.payload;
  node->hash = key.hash;
  Term* out = reinterpret_cast<Term*>(node + 1);
  uint64_t size = 1;
  uint8_t flags = 0;
  uint64_t mask = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    new (&out[i]) Term(args[i]);
    size += args[i].size();
    flags |= args[i].flags();
    mask |= args[i].leaf_mask();
  }
  if (args.empty()) mask = uint64_t{1} << (StableFinish(node->id * kMul) >> 58);
  node->leaf_mask = mask;
  node->size = static_cast<uint32_t>(std::min<uint64_t>(size, UINT32_MAX));
  switch (key.kind) {
    case TermKind::kVar: {
      flags |= kHasVar;
      // variable() records the entry for this payload before interning.
      const VarInfo& info = vars_[key.payload];
      if (info.role == VarRole::kSkolem) flags |= kHasSkolem;
      if (info.role == VarRole::kGeneric) flags |= kHasGeneric;
      if (info.role == VarRole::kExc || info.role == VarRole::kRet) flags |= kHasRetExc;
      break;
    }
    case TermKind::kFresh: flags |= kHasFresh; break;
    case TermKind::kFieldConst: flags |= kHasFieldMap; break;
    case TermKind::kArrayConst: flags |= kHasArrayMap; break;
    case TermKind::kMod: flags |= kHasMod; break;
    default: break;
  }
  node->flags = flags;
  nodes_.push_back(node);
  return node;
}

Term TermManager::find(TermKind kind, Sort sort, uint64_t payload,
                       std::span<const Term> args) const {
  NodeKey key{kind, sort, payload, args, structural_hash(kind, sort, payload, args)};
  auto it = table_->set.find(key);
  return it == table_->set.end() ? Term() : Term(*it);
}

uint32_t TermManager::symbol(std::string_view s) {
  auto it = symbol_ids_.find(av(s));
  if (it != symbol_ids_.end()) return it->second;
  uint32_t id = static_cast<uint32_t>(symbols_.size());
  symbols_.emplace_back(s);
  symbol_ids_.emplace(std::string(s), id);
  return id;
}

// ---- constants -------------------------------------------------------------------

Term TermManager::mk_int(int32_t v) {
  return intern(TermKind::kConst, Sort::Int(), static_cast<uint32_t>(v), {});
}
Term TermManager::mk_long(int64_t v) {
  return intern(TermKind::kConst, Sort::Long(), static_cast<uint64_t>(v), {});
}
Term TermManager::mk_float(float v) {
  return intern(TermKind::kConst, Sort::Float(), java::float_bits(v), {});
}
Term TermManager::mk_double(double v) {
  return intern(TermKind::kConst, Sort::Double(), java::double_bits(v), {});
}
Term TermManager::mk_integral(Sort sort, int64_t v) {
  JWP_CHECK(sort.is_integral(), absl::StrCat("mk_integral of ", sort_name(sort)));
  return sort.is_int() ? mk_int(static_cast<int32_t>(static_cast<uint32_t>(v))) : mk_long(v);
}

Term TermManager::mk_default(Sort s) {
  switch (s.kind()) {
    case SortKind::kBool: return false_;
    case SortKind::kInt: return mk_int(0);
    case SortKind::kLong: return mk_long(0);
    case SortKind::kFloat: return mk_float(0.0f);
    case SortKind::kDouble: return mk_double(0.0);
    case SortKind::kRef: return null_;
    default: break;
  }
  base::check_failed(__FILE__, __LINE__, "s.is_value()",
                         absl::StrCat("no default value of sort ", sort_name(s)));
}

Term TermManager::mk_string(std::string_view utf8) {
  return intern(TermKind::kStringLit, Sort::Ref(), symbol(utf8), {});
}

Term TermManager::mk_type(std::string_view name) {
  JWP_CHECK(!name.empty(), "empty type name");
  return intern(TermKind::kTypeConst, Sort::Type(), symbol(name), {});
}

Term TermManager::member(TermKind kind, Sort sort, std::string_view owner, std::string_view name,
                         std::string_view descriptor, bool is_signature) {
  MemberKey key{static_cast<uint8_t>(kind), symbol(owner), symbol(name), symbol(descriptor)};
  auto [it, inserted] = member_ids_.try_emplace(key, static_cast<uint32_t>(members_.size()));
  if (inserted) members_.push_back(Member{key.owner, key.name, key.descriptor, sort, is_signature});
  return intern(kind, sort, it->second, {});
}

Term TermManager::mk_field(std::string_view owner, std::string_view name,
                           std::string_view descriptor) {
  Sort value;
  JWP_CHECK(descriptor_sort(descriptor, &value),
            absl::StrCat("bad field descriptor '", av(descriptor), "'"));
  JWP_CHECK(!owner.empty(), "a field needs its owner class");
  return member(TermKind::kFieldConst, Sort::FieldMap(value), owner, name, descriptor, false);
}

Term TermManager::mk_array_map(ArrayKind kind) {
  return intern(TermKind::kArrayConst, Sort::ArrayMap(array_kind_sort(kind)),
                static_cast<uint64_t>(kind), {});
}

Term TermManager::mk_method(std::string_view owner, std::string_view name,
                            std::string_view descriptor) {
  return member(TermKind::kMethodConst, Sort::Method(), owner, name, descriptor, false);
}

Term TermManager::mk_signature(std::string_view owner, std::string_view name,
                               std::string_view descriptor) {
  return member(TermKind::kSigConst, Sort::Signature(), owner, name, descriptor, true);
}

// ---- variables ------------------------------------------------------------------

Term TermManager::variable(const VarKey& key, VarInfo info, std::string display) {
  auto it = var_ids_.find(key);
  if (it != var_ids_.end()) {
    const VarInfo& old = vars_[it->second];
    JWP_CHECK(old.sort == info.sort,
              absl::StrCat("variable '", av(old.name),
                           "' asked for as ", sort_name(info.sort), " but it is ",
                           sort_name(old.sort)));
    return intern(TermKind::kVar, old.sort, it->second, {});
  }
  uint32_t index = static_cast<uint32_t>(vars_.size());
  var_names_.push_back(std::move(display));
  info.name = var_names_.back();
  vars_.push_back(info);
  var_ids_.emplace(key, index);
  return intern(TermKind::kVar, info.sort, index, {});
}

Term TermManager::mk_var(std::string_view name, Sort sort, uint32_t ns) {
  JWP_CHECK(!name.empty(), "empty variable name");
  JWP_CHECK(sort.is_value() || sort.is_bool() || sort.kind() == SortKind::kType ||
                sort.kind() == SortKind::kMethod || sort.is_map() ||
                sort.kind() == SortKind::kString,
            "variable of a signature sort");
  VarInfo info = make_info(VarRole::kProgram, sort);
  info.ns = ns;
  return variable(VarKey{VarRole::kProgram, 0, 0, ns, symbol(name), 0, 0, 0}, info,
                  std::string(name));
}

Term TermManager::ret(Sort sort) {
  JWP_CHECK(sort.is_value(), absl::StrCat("ret of sort ", sort_name(sort)));
  VarInfo info = make_info(VarRole::kRet, sort);
  return variable(VarKey{VarRole::kRet, 0, sort.bits(), 0, 0, 0, 0, 0}, info, "ret");
}

Term TermManager::mk_generic(uint32_t index, Sort sort) {
  VarInfo info = make_info(VarRole::kGeneric, sort);
  info.index = index;
  next_generic_ = std::max(next_generic_, index + 1);
  return variable(VarKey{VarRole::kGeneric, 0, sort.bits(), 0, 0, index, 0, 0}, info,
                  absl::StrCat("l", index));
}

Term TermManager::fresh_generic(Sort sort) { return mk_generic(next_generic_, sort); }

Term TermManager::mk_skolem(SkolemKind kind, Sort sort, uint32_t site, uint32_t index,
                            Term about) {
  std::string display;
  switch (kind) {
    case SkolemKind::kRet:
      JWP_CHECK(sort.is_value(), absl::StrCat("σ_ret of sort ", sort_name(sort)));
      display = "σ_ret";
      break;
    case SkolemKind::kExc:
      JWP_CHECK(sort.is_ref(), "σ_exc must be a Ref");
      display = "σ_exc";
      break;
    case SkolemKind::kMethod:
      JWP_CHECK(sort.kind() == SortKind::kMethod, "σ_method must be a Method");
      display = "σ_method";
      break;
    case SkolemKind::kHeap: {
      JWP_CHECK(!about.is_null() && (about.is(TermKind::kFieldConst) || about.is(TermKind::kArrayConst)),
                "a heap skolem needs the field or array map it is about");
      JWP_CHECK(sort == about.sort(), "a heap skolem has the sort of its map");
      std::string_view n = about.is(TermKind::kFieldConst)
                               ? field_info(about).name
                               : array_kind_name(array_kind(about));
      display = absl::StrCat("σ_", av(n),
                             about.is(TermKind::kArrayConst) ? "[]" : "");
      break;
    }
    case SkolemKind::kOther: display = "σ"; break;
    case SkolemKind::kInput:
      JWP_CHECK(sort.is_value(), absl::StrCat("σ_in of sort ", sort_name(sort)));
      display = "σ_in";
      break;
  }
  if (auto named = input_names_.find(site); kind == SkolemKind::kInput && named != input_names_.end()) {
    display = named->second.display;  // what the program reads: one name for all its reads
    if (named->second.indexed) absl::StrAppend(&display, "#", index);
  } else {
    absl::StrAppend(&display, "#", index);
  }
  VarInfo info = make_info(VarRole::kSkolem, sort);
  info.index = index;
  info.skolem_kind = kind;
  info.site = site;
  info.about = about;
  next_skolem_ = std::max(next_skolem_, index + 1);
  return variable(VarKey{VarRole::kSkolem, static_cast<uint8_t>(kind), sort.bits(), 0, 0, index,
                         site, about.is_null() ? 0 : about.id() + 1},
                  info, std::move(display));
}

Term TermManager::fresh_skolem(SkolemKind kind, Sort sort, uint32_t site, Term about) {
  return mk_skolem(kind, sort, site, next_skolem_, about);
}

Term TermManager::fresh_var(std::string_view prefix, Sort sort) {
  uint32_t k = next_temp_++;
  VarInfo info = make_info(VarRole::kTemp, sort);
  info.index = k;
  return variable(VarKey{VarRole::kTemp, 0, sort.bits(), 0, 0, k, 0, 0}, info,
                  absl::StrCat(av(prefix), "#", k));
}

// ---- allocation ------------------------------------------------------------------

Term TermManager::mk_fresh_impl(Term type, Term length, uint32_t n) {
  JWP_CHECK(type.is(TermKind::kTypeConst), "fresh needs a type constant");
  next_fresh_ = std::max(next_fresh_, n + 1);
  if (length.is_null()) return intern(TermKind::kFresh, Sort::Ref(), n, {&type, 1});
  JWP_CHECK(length.sort().is_int(), "an array length is an int");
  JWP_CHECK(type_name(type).starts_with("["), "fresh array of a non-array type");
  Term args[] = {type, length};
  return intern(TermKind::kFresh, Sort::Ref(), n, args);
}

Term TermManager::mk_fresh(Term type) { return mk_fresh_impl(type, Term(), next_fresh_); }
Term TermManager::mk_fresh(Term type, uint32_t n) { return mk_fresh_impl(type, Term(), n); }
Term TermManager::mk_fresh_array(Term type, Term length) {
  return mk_fresh_impl(type, length, next_fresh_);
}
Term TermManager::mk_fresh_array(Term type, Term length, uint32_t n) {
  return mk_fresh_impl(type, length, n);
}

// ---- queries ------------------------------------------------------------------------

const VarInfo& TermManager::var_info(Term var) const {
  JWP_CHECK(var.is_var(), "var_info of a non-variable");
  return vars_[var.payload()];
}

void TermManager::set_non_null(Term var) {
  JWP_CHECK(var.is_var() && var.sort().is_ref(), "set_non_null of a non-reference or non-variable");
  vars_[var.payload()].non_null = true;
}

void TermManager::set_named_constant(Term var) {
  JWP_CHECK(var.is_var(), "set_named_constant of a non-variable");
  vars_[var.payload()].named_constant = true;
}

void TermManager::set_java_type(Term var, std::string_view descriptor) {
  JWP_CHECK(var.is_var(), "set_java_type of a non-variable");
  VarInfo& info = vars_[var.payload()];
  if (!info.sort.is_int() || (info.role != VarRole::kProgram && info.role != VarRole::kSkolem) ||
      descriptor.size() != 1) {
    return;
  }
  const char d = descriptor[0];
  if (d == 'Z' || d == 'B' || d == 'C' || d == 'S') info.java_type = d;
}

MemberRef TermManager::field_info(Term t) const {
  JWP_CHECK(t.is(TermKind::kFieldConst), "field_info of a non-field");
  const Member& m = members_[t.payload()];
  return {symbol_text(m.owner), symbol_text(m.name), symbol_text(m.descriptor)};
}

MemberRef TermManager::method_info(Term t) const {
  JWP_CHECK(t.is(TermKind::kMethodConst) || t.is(TermKind::kSigConst),
            "method_info of a non-method");
  const Member& m = members_[t.payload()];
  return {symbol_text(m.owner), symbol_text(m.name), symbol_text(m.descriptor)};
}

std::string_view TermManager::type_name(Term t) const {
  JWP_CHECK(t.is(TermKind::kTypeConst), "type_name of a non-type");
  return symbol_text(static_cast<uint32_t>(t.payload()));
}

std::string_view TermManager::string_value(Term t) const {
  JWP_CHECK(t.is(TermKind::kStringLit), "string_value of a non-string");
  return symbol_text(static_cast<uint32_t>(t.payload()));
}

ArrayKind TermManager::array_kind(Term t) const {
  JWP_CHECK(t.is(TermKind::kArrayConst), "array_kind of a non-array map");
  return static_cast<ArrayKind>(t.payload());
}

// ---- generic construction ------------------------------------------------------------

Term TermManager::mk(TermKind kind, std::span<const Term> a) {
  auto need = [&](size_t n) {
    JWP_CHECK(a.size() == n, absl::StrCat(internal::kind_name(kind), " takes ", n, " arguments, not ",
                                          a.size()));
  };
  switch (kind) {
    case TermKind::kConst: case TermKind::kNull: case TermKind::kStringLit:
    case TermKind::kTypeConst: case TermKind::kFieldConst: case TermKind::kArrayConst:
    case TermKind::kMethodConst: case TermKind::kSigConst: case TermKind::kVar:
    case TermKind::kFresh:
      break;
    case TermKind::kNot: need(1); return mk_not(a[0]);
    case TermKind::kAnd: return mk_and(a);
    case TermKind::kOr: return mk_or(a);
    case TermKind::kIte: need(3); return mk_ite(a[0], a[1], a[2]);
    case TermKind::kEq: need(2); return mk_eq(a[0], a[1]);
    case TermKind::kLt: need(2); return mk_lt(a[0], a[1]);
    case TermKind::kLe: need(2); return mk_le(a[0], a[1]);
    case TermKind::kNeg: need(1); return mk_neg(a[0]);
    case TermKind::kAdd: need(2); return mk_add(a[0], a[1]);
    case TermKind::kSub: need(2); return mk_sub(a[0], a[1]);
    case TermKind::kMul: need(2); return mk_mul(a[0], a[1]);
    case TermKind::kDiv: need(2); return mk_div(a[0], a[1]);
    case TermKind::kRem: need(2); return mk_rem(a[0], a[1]);
    case TermKind::kBitAnd: need(2); return mk_bit_and(a[0], a[1]);
    case TermKind::kBitOr: need(2); return mk_bit_or(a[0], a[1]);
    case TermKind::kBitXor: need(2); return mk_bit_xor(a[0], a[1]);
    case TermKind::kShl: need(2); return mk_shl(a[0], a[1]);
    case TermKind::kShr: need(2); return mk_shr(a[0], a[1]);
    case TermKind::kUShr: need(2); return mk_ushr(a[0], a[1]);
    case TermKind::kLCmp: need(2); return mk_lcmp(a[0], a[1]);
    case TermKind::kFCmpL: need(2); return mk_fcmpl(a[0], a[1]);
    case TermKind::kFCmpG: need(2); return mk_fcmpg(a[0], a[1]);
    case TermKind::kI2L: case TermKind::kI2F: case TermKind::kI2D: case TermKind::kL2I:
    case TermKind::kL2F: case TermKind::kL2D: case TermKind::kF2I: case TermKind::kF2L:
    case TermKind::kF2D: case TermKind::kD2I: case TermKind::kD2L: case TermKind::kD2F:
    case TermKind::kI2B: case TermKind::kI2C: case TermKind::kI2S:
      need(1);
      return mk_convert(kind, a[0]);
    case TermKind::kRead: need(2); return mk_read(a[0], a[1]);
    case TermKind::kUpdate: need(3); return mk_update(a[0], a[1], a[2]);
    case TermKind::kARead: need(3); return mk_aread(a[0], a[1], a[2]);
    case TermKind::kAUpdate: need(4); return mk_aupdate(a[0], a[1], a[2], a[3]);
    case TermKind::kMod: need(2); return mk_mod(a[0], a[1]);
    case TermKind::kTypeOf: need(1); return mk_type_of(a[0]);
    case TermKind::kSubType: need(2); return mk_sub_type(a[0], a[1]);
    case TermKind::kDispatch: need(2); return mk_dispatch(a[0], a[1]);
    case TermKind::kClassOf: need(1); return mk_class_of(a[0]);
    case TermKind::kClassType: need(1); return mk_class_type(a[0]);
    case TermKind::kElemType: need(1); return mk_elem_type(a[0]);
  }
  base::check_failed(__FILE__, __LINE__, "kind has no payload",
                         absl::StrCat("mk(", internal::kind_name(kind), ") needs rebuild()"));
}

Term TermManager::rebuild(Term t, std::span<const Term> args) {
  std::span<const Term> old = t.args();
  if (args.size() == old.size() && std::equal(args.begin(), args.end(), old.begin())) return t;
  if (t.is(TermKind::kFresh)) {
    return args.size() == 1 ? mk_fresh_impl(args[0], Term(), static_cast<uint32_t>(t.payload()))
                            : mk_fresh_impl(args[0], args[1], static_cast<uint32_t>(t.payload()));
  }
  JWP_CHECK(!t.is_leaf(), "rebuild of a leaf with arguments");
  return mk(t.kind(), args);
}

}  // namespace jwp::logic
