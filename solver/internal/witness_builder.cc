// Witness extraction (witness_builder.h). References are identified by the
// printed model value of their encoding ("Ref!val!3"); the concrete class of
// an object comes from typeOf in the model when the encoding constrains it
// (a domain type that is instantiable, or a type constant the formula pins),
// else from what the formula does with it (array kind, a field's owner).
#include "solver/internal/witness_builder.h"

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "base/java_semantics.h"
#include "logic/sort.h"

namespace jwp::solver::internal {

using logic::Sort;
using logic::SortKind;
using logic::Term;
using logic::TermKind;

namespace {

struct FieldSite {
  Term field;  // the field map constant under the chain
  z3::expr ref;
  std::string key;
};

struct ArraySite {
  Term array;  // the array map constant under the chain
  z3::expr ref, index;
  std::string key;
};

class Builder {
 public:
  Builder(Encoder& enc, ModelEvaluator& ev, const logic::TermManager& tm, const types::TypeFacts* tf)
      : enc_(enc), ev_(ev), tm_(tm), tf_(tf), ctx_(ev.model().ctx()) {}

  Witness build() {
    null_key_ = key(enc_.null());
    std::vector<Term> vars;
    for (Term t : enc_.subterms()) {
      switch (t.kind()) {
        case TermKind::kVar: vars.push_back(t); break;
        case TermKind::kStringLit: strings_[key(enc_.expr(t))] = std::string(tm_.string_value(t)); break;
        case TermKind::kClassOf:  // a class object and its type
          classes_[key(enc_.expr(t))] = type_name_of(enc_.expr(t.arg(0)));
          break;
        case TermKind::kClassType:  // an input the formula uses as a class object
          classes_[key(enc_.expr(t.arg(0)))] = type_name_of(enc_.expr(t));
          break;
        case TermKind::kFresh: {
          const std::string k = key(enc_.expr(t));
          fresh_[k] = std::string(tm_.type_name(t.arg(0)));
          if (t.num_args() == 2) {
            WitnessValue n = value(enc_.expr(t.arg(1)), Sort::Int());
            if (n.kind == WitnessValue::Kind::kInt) fresh_length_[k] = static_cast<int32_t>(n.integral);
          }
          break;
        }
        case TermKind::kRead: {
          // Not through a skipped call's effect (mod): that read is of the
          // heap after the call, and the initial value it names is none the
          // formula constrains (nor types).
          Term base = Encoder::base_map(t.arg(0), /*through_mod=*/false);
          if (base && base.is(TermKind::kFieldConst)) {
            z3::expr r = enc_.expr(t.arg(1));
            fields_.push_back({base, r, key(r)});
          }
          break;
        }
        case TermKind::kARead: {
          Term base = Encoder::base_map(t.arg(0), /*through_mod=*/false);
          if (base && base.is(TermKind::kArrayConst)) {
            z3::expr r = enc_.expr(t.arg(1));
            arrays_.push_back({base, r, enc_.expr(t.arg(2)), key(r)});
          }
          break;
        }
        default: break;
      }
    }
    for (const z3::expr& r : enc_.typed_references()) typed_.insert(key(r));
    std::sort(vars.begin(), vars.end());
    std::vector<Term> skolems;
    for (Term v : vars) {
      const logic::VarInfo& info = tm_.var_info(v);
      // An input skolem (the environment) is the witness's to set: its
      // value's objects are built like an input's.
      if (info.role == logic::VarRole::kSkolem && info.skolem_kind != logic::SkolemKind::kInput) {
        if (w_.replayable) {
          w_.replayable = false;
          w_.notes.push_back("mentions skolem constants of skipped calls: not replayable");
        }
        skolems.push_back(v);
        continue;
      }
      w_.variables.push_back({v, std::string(info.name), info.role, value(enc_.expr(v), v.sort())});
    }
    // Breadth first over the objects discovered so far.
    for (size_t i = 0; i < w_.objects.size(); ++i) expand(i);
    // A skolem's value (what a skipped call is assumed to give) names an
    // object of the inputs, or none: a reference only the call makes is not
    // an input to build.
    for (Term v : skolems) {
      const logic::VarInfo& info = tm_.var_info(v);
      WitnessValue val;
      if (v.sort().is_ref()) {
        const std::string k = key(enc_.expr(v));
        if (k == null_key_) {
          val.kind = WitnessValue::Kind::kNull;
        } else if (auto it = index_.find(k); it != index_.end()) {
          val.kind = WitnessValue::Kind::kRef;
          val.object = w_.objects[it->second].id;
        } else {
          val.kind = WitnessValue::Kind::kOpaque;
          val.text = "a non-null reference";
        }
      } else {
        val = value(enc_.expr(v), v.sort());
      }
      w_.variables.push_back({v, std::string(info.name), info.role, std::move(val)});
    }
    std::sort(w_.variables.begin(), w_.variables.end(),
              [](const WitnessVariable& a, const WitnessVariable& b) { return a.var < b.var; });
    for (size_t i = 0; i < w_.objects.size(); ++i) w_.objects[i].type = class_of(i);
    choose_unnamed_classes();
    check_declared_types();
    return std::move(w_);
  }

 private:
  std::string key(const z3::expr& x) { return ev_.Eval(x).to_string(); }

  // A Class object the formula uses only as a reference (no classOf or
  // classType term names what it stands for, no field of it is read) is
  // distinct from every classOf(t) the query names: any other class is a
  // model of it (classOf is injective and nothing else constrains it). The
  // first of a few classes every JVM loads that the query names by no
  // classOf term, a different one for each such object. Objects with
  // fields read stay unnamed (check_declared_types reports them).
  void choose_unnamed_classes() {
    static constexpr const char* kStandIns[] = {
        "java/lang/Object",  "java/lang/String",    "java/lang/Integer", "java/lang/Number",
        "java/lang/Runnable", "java/util/ArrayList", "java/util/HashMap", "java/lang/Thread",
    };
    absl::flat_hash_set<std::string> named;
    for (const auto& [k, type] : classes_) named.insert(type);
    size_t next = 0;
    for (WitnessObject& o : w_.objects) {
      if (o.type != "java/lang/Class" || o.class_literal || !o.fields.empty()) continue;
      while (next < std::size(kStandIns) && named.contains(kStandIns[next])) ++next;
      if (next == std::size(kStandIns)) return;
      o.class_literal = kStandIns[next++];
      w_.notes.push_back(absl::StrCat(o.id, ": a Class object the formula does not constrain; ",
                                      *o.class_literal, ".class chosen"));
    }
  }

  // Witness::type_errors: each reference field and element of a reference
  // array that holds an object whose class is not of the declared type, and
  // each Class object without the class it stands for.
  void check_declared_types() {
    if (tf_ == nullptr) return;
    absl::flat_hash_map<std::string, const WitnessObject*> by_id;
    for (const WitnessObject& o : w_.objects) by_id[o.id] = &o;
    auto check = [&](const WitnessValue& v, const std::string& declared, const std::string& where) {
      if (v.kind != WitnessValue::Kind::kRef || declared.empty()) return;
      auto it = by_id.find(v.object);
      if (it == by_id.end() || tf_->is_subtype(it->second->type, declared) != false) return;
      w_.type_errors.push_back(
          absl::StrCat(where, " (", declared, ") holds ", v.object, " of class ", it->second->type));
    };
    for (const WitnessObject& o : w_.objects) {
      // A Class object the formula names by no classOf term: the model
      // invents it, and no witness can say which class it stands for.
      if (o.type == "java/lang/Class" && !o.class_literal) {
        w_.type_errors.push_back(absl::StrCat(o.id, " is a java/lang/Class object of no type the query names"));
      }
      for (const WitnessField& f : o.fields) check(f.value, descriptor_type(f.descriptor), absl::StrCat(o.id, ".", f.name));
      const std::string element = reference_element_type(o.type);
      for (const WitnessElement& e : o.elements) check(e.value, element, absl::StrCat(o.id, "[", e.index, "]"));
    }
  }

  // The name of the type constant the model gives `type`; "" when it is
  // none of the query's (then a class object of it cannot be built).
  std::string type_name_of(const z3::expr& type) {
    const std::string tv = key(type);
    for (const auto& [n, c] : enc_.type_constants()) {
      if (key(c) == tv) return n;
    }
    return "";
  }

  // A Z3 numeral of a bit-vector, or nullopt.
  std::optional<uint64_t> bits(const z3::expr& x) {
    z3::expr v = ev_.Eval(x);
    uint64_t u = 0;
    if (v.is_numeral() && v.is_numeral_u64(u)) return u;
    return std::nullopt;
  }

  WitnessValue opaque(const z3::expr& x) {
    WitnessValue v;
    v.kind = WitnessValue::Kind::kOpaque;
    // A map's value (a field or array map after a call's effect) can print
    // to megabytes, and no witness reads it.
    v.text = x.get_sort().is_array() ? "(a map)" : ev_.Eval(x).to_string();
    if (v.text.size() > 200) v.text = v.text.substr(0, 200) + "...";
    return v;
  }

  WitnessValue value(const z3::expr& x, Sort s) {
    WitnessValue v;
    switch (s.kind()) {
      case SortKind::kBool:
        v.kind = WitnessValue::Kind::kBool;
        v.integral = ev_.Eval(x).is_true() ? 1 : 0;
        return v;
      case SortKind::kInt:
      case SortKind::kLong: {
        auto b = bits(x);
        if (!b) return opaque(x);
        v.kind = s.is_int() ? WitnessValue::Kind::kInt : WitnessValue::Kind::kLong;
        v.integral = s.is_int() ? int64_t{static_cast<int32_t>(static_cast<uint32_t>(*b))}
                                : static_cast<int64_t>(*b);
        return v;
      }
      case SortKind::kFloat:
      case SortKind::kDouble: {
        v.kind = s.is_float() ? WitnessValue::Kind::kFloat : WitnessValue::Kind::kDouble;
        z3::expr nan(ctx_, Z3_mk_fpa_is_nan(ctx_, x));
        if (ev_.Eval(nan).is_true()) {
          v.bits = s.is_float() ? java::kFloatNaNBits : java::kDoubleNaNBits;
          return v;
        }
        auto b = bits(z3::expr(ctx_, Z3_mk_fpa_to_ieee_bv(ctx_, x)));
        if (!b) return opaque(x);
        v.bits = *b;
        return v;
      }
      case SortKind::kRef: {
        std::string k = key(x);
        if (k == null_key_) {
          v.kind = WitnessValue::Kind::kNull;
          return v;
        }
        v.kind = WitnessValue::Kind::kRef;
        v.object = object(k, x);
        return v;
      }
      case SortKind::kType: {
        v = opaque(x);
        for (const auto& [name, c] : enc_.type_constants()) {
          if (key(c) == v.text) {
            v.text = name;
            break;
          }
        }
        return v;
      }
      case SortKind::kMethod:  // a dispatch target's skolem: its model value can print to megabytes
        v.kind = WitnessValue::Kind::kOpaque;
        v.text = "(a method)";
        return v;
      default: return opaque(x);
    }
  }

  std::string object(const std::string& k, const z3::expr& rep) {
    auto it = index_.find(k);
    if (it != index_.end()) return w_.objects[it->second].id;
    WitnessObject o;
    o.id = absl::StrCat("o", w_.objects.size() + 1);
    if (auto s = strings_.find(k); s != strings_.end()) o.string_value = s->second;
    if (auto c = classes_.find(k); c != classes_.end()) {
      if (c->second.empty()) {
        w_.notes.push_back("a java.lang.Class object of a type the query does not name");
      } else {
        o.class_literal = c->second;
      }
    }
    if (auto n = fresh_length_.find(k); n != fresh_length_.end()) o.length = n->second;
    index_.emplace(k, w_.objects.size());
    keys_.push_back(k);
    reps_.push_back(rep);
    array_kind_.push_back(std::nullopt);
    owners_.emplace_back();
    w_.objects.push_back(std::move(o));
    return w_.objects.back().id;
  }

  void expand(size_t i) {
    const std::string k = keys_[i];
    absl::flat_hash_set<uint32_t> done_fields;
    for (const FieldSite& f : fields_) {
      if (f.key != k || !done_fields.insert(f.field.id()).second) continue;
      z3::expr x = enc_.select(enc_.map_constant(f.field), f.ref);
      WitnessValue val = value(x, f.field.sort().element());
      WitnessObject& o = w_.objects[i];
      if (tm_.is_length_field(f.field)) {
        if (val.kind == WitnessValue::Kind::kInt) o.length = static_cast<int32_t>(val.integral);
        continue;
      }
      logic::MemberRef info = tm_.field_info(f.field);
      owners_[i].emplace_back(info.owner);
      o.fields.push_back({f.field, std::string(info.owner), std::string(info.name),
                          std::string(info.descriptor), std::move(val)});
    }
    absl::flat_hash_set<int64_t> done_indices;
    for (const ArraySite& a : arrays_) {
      if (a.key != k) continue;
      auto ib = bits(a.index);
      if (!ib) continue;
      const int32_t index = static_cast<int32_t>(static_cast<uint32_t>(*ib));
      if (!array_kind_[i]) array_kind_[i] = tm_.array_kind(a.array);
      if (!done_indices.insert(index).second) continue;
      z3::expr x = enc_.select(enc_.select(enc_.map_constant(a.array), a.ref), a.index);
      WitnessValue val = value(x, a.array.sort().element());
      w_.objects[i].elements.push_back({index, std::move(val)});
    }
    auto& els = w_.objects[i].elements;
    std::sort(els.begin(), els.end(),
              [](const WitnessElement& x, const WitnessElement& y) { return x.index < y.index; });
  }

  std::string class_of(size_t i) {
    const std::string& k = keys_[i];
    const WitnessObject& o = w_.objects[i];
    if (o.string_value) return "java/lang/String";
    if (classes_.contains(k)) return "java/lang/Class";
    if (auto f = fresh_.find(k); f != fresh_.end()) return f->second;
    if (typed_.contains(k)) {
      const std::string tv = key(enc_.type_of(reps_[i]));
      for (const auto& [name, c] : enc_.type_constants()) {
        if (key(c) != tv) continue;
        if (tf_ == nullptr || enc_.is_instantiable(name)) return name;
      }
    }
    // Not pinned by the formula: a guess from how the formula uses it.
    std::string guess;
    if (array_kind_[i] || o.length) {
      if (array_kind_[i] && *array_kind_[i] != logic::ArrayKind::kRef) {
        guess = absl::StrCat("[", std::string(1, logic::array_kind_descriptor(*array_kind_[i])));
      } else {
        guess = "[Ljava/lang/Object;";
      }
    } else if (tf_ != nullptr && !owners_[i].empty()) {
      for (const std::string& owner : owners_[i]) {
        auto subs = tf_->concrete_subtypes(owner, 1);
        if (!subs.types.empty()) {
          guess = subs.types.front();
          break;
        }
      }
    }
    if (guess.empty()) guess = "java/lang/Object";
    w_.notes.push_back(absl::StrCat(o.id, ": class not fixed by the formula; chose ", guess));
    return guess;
  }

  Encoder& enc_;
  ModelEvaluator& ev_;
  const logic::TermManager& tm_;
  const types::TypeFacts* tf_;
  z3::context& ctx_;
  Witness w_;
  std::string null_key_;
  std::vector<FieldSite> fields_;
  std::vector<ArraySite> arrays_;
  absl::flat_hash_map<std::string, std::string> strings_, fresh_, classes_;
  absl::flat_hash_map<std::string, int32_t> fresh_length_;
  absl::flat_hash_set<std::string> typed_;
  absl::flat_hash_map<std::string, size_t> index_;
  std::vector<std::string> keys_;
  std::vector<z3::expr> reps_;
  std::vector<std::optional<logic::ArrayKind>> array_kind_;
  std::vector<std::vector<std::string>> owners_;
};

}  // namespace

Witness build_witness(Encoder& encoder, ModelEvaluator& model, const logic::TermManager& tm,
                      const types::TypeFacts* types) {
  return Builder(encoder, model, tm, types).build();
}

}  // namespace jwp::solver::internal
