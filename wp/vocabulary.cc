#include "wp/vocabulary.h"

#include <set>

#include "callgraph/method_cache.h"
#include "classfile/descriptor.h"
#include "classfile/member_resolution.h"
#include "models/string_model.h"
#include "logic/printer.h"
#include "logic/substitution.h"
#include "logic/visit.h"
#include "classfile/strings.h"
#include "types/stand_ins.h"

namespace jwp::wp {

namespace {

// The ordinal that <clinit> `clinit` gives the enum constant its `new` at
// `allocation` makes: javac passes the name and ordinal to the constructor
// first, `new E("NAME", k, ...)`, and Enum.ordinal is final.
std::optional<int32_t> EnumOrdinal(const ir::MethodIR& clinit, ir::InsnId allocation) {
  for (const ir::Instruction& in : clinit.insns) {
    if (in.op != ir::Op::kInvoke || in.invoke != ir::InvokeKind::kSpecial || in.name != "<init>" ||
        !in.descriptor.starts_with("(Ljava/lang/String;I") || in.operands.size() < 3 || in.operands[0] < 0 ||
        clinit.values[in.operands[0]].def != allocation) {
      continue;
    }
    const ir::Instruction& k = clinit.def(in.operands[2]);
    if (k.op == ir::Op::kConst && k.const_kind == ir::ConstKind::kInt) return static_cast<int32_t>(k.bits);
  }
  return std::nullopt;
}

}  // namespace

using logic::Sort;
using logic::Term;

uint32_t Vocabulary::namespace_of(const ir::MethodIR& ir) {
  std::string key = ir.QualifiedName();
  auto [it, inserted] = namespaces_.try_emplace(key, static_cast<uint32_t>(namespaces_.size() + 1));
  return it->second;
}

bool Vocabulary::sort_of(ir::TypeKind kind, Sort* sort) {
  switch (kind) {
    case ir::TypeKind::kInt: *sort = Sort::Int(); return true;
    case ir::TypeKind::kLong: *sort = Sort::Long(); return true;
    case ir::TypeKind::kFloat: *sort = Sort::Float(); return true;
    case ir::TypeKind::kDouble: *sort = Sort::Double(); return true;
    case ir::TypeKind::kRef:
    case ir::TypeKind::kNull: *sort = Sort::Ref(); return true;
    default: return false;
  }
}

namespace {
// The descriptor of parameter k (0 the first declared) of a method
// descriptor; "" when there is none.
std::string_view ParameterDescriptor(std::string_view method, int k) {
  size_t pos = method.find('(');
  if (pos == std::string_view::npos || k < 0) return "";
  ++pos;
  for (int i = 0; pos < method.size() && method[pos] != ')'; ++i) {
    const size_t start = pos;
    while (pos < method.size() && method[pos] == '[') ++pos;
    if (pos < method.size() && method[pos] == 'L') pos = method.find(';', pos);
    if (pos == std::string_view::npos) return "";
    ++pos;
    if (i == k) return method.substr(start, pos - start);
  }
  return "";
}
}  // namespace

Term Vocabulary::value(const ir::MethodIR& ir, uint32_t ns, ir::ValueId v) {
  const ir::Value& val = ir.values[v];
  Sort sort;
  if (!sort_of(val.type.kind, &sort)) sort = Sort::Int();  // never reached for typed values
  const ir::Instruction& def = ir.insns[val.def];
  std::string name;
  if (def.op == ir::Op::kParam) {
    if (!ir.is_static && def.index == 0) name = "this";
    else if (!val.name.empty()) name = std::string(val.name);
    else name = Cat("arg", def.index);
  } else {
    name = Cat("$", v);
  }
  Term var = tm_.mk_var(name, sort, ns);
  if (def.op == ir::Op::kParam && !ir.is_static && def.index == 0) {
    tm_.set_non_null(var);  // `this` is never null (JVMS 6.5 invokevirtual, invokespecial)
  }
  if (def.op == ir::Op::kParam && sort.is_int()) {
    // A boolean, byte, char or short parameter prints as Java writes it.
    const int k = static_cast<int>(def.index) - (ir.is_static ? 0 : 1);
    tm_.set_java_type(var, ParameterDescriptor(ir.method_descriptor, k));
  }
  return var;
}

std::string Vocabulary::resolved_owner(std::string_view owner, std::string_view name,
                                       std::string_view descriptor, bool* is_final) {
  std::string key = Cat(owner, ".", name, ":", descriptor);
  auto it = resolved_.find(key);
  if (it == resolved_.end()) {
    classfile::FieldResult r = classfile::ResolveField(h_, owner, name, descriptor);
    Resolved out;
    if (r.ok() && r.owner != classfile::kNoClass) {
      out.owner = std::string(h_.Name(r.owner));
      out.is_final = r.member != nullptr && (r.member->access_flags & classfile::access::kFinal);
    } else {
      out.owner = std::string(owner);
    }
    it = resolved_.emplace(std::move(key), std::move(out)).first;
  }
  if (is_final != nullptr) *is_final = it->second.is_final;
  return it->second.owner;
}

const callgraph::LambdaClass* Vocabulary::lambda_class(const ir::MethodIR& ir, const ir::Instruction& in) const {
  return lambdas_ == nullptr ? nullptr : lambdas_->Find(callgraph::LambdaClassName(ir, in));
}

Term Vocabulary::field(std::string_view owner, std::string_view name, std::string_view descriptor) {
  // A lambda class's captured fields are its own (and it is not on the class path).
  if (lambdas_ != nullptr && owner.find("$$Lambda$") != std::string_view::npos && lambdas_->Find(owner) != nullptr) {
    return tm_.mk_field(owner, name, descriptor);
  }
  return tm_.mk_field(resolved_owner(owner, name, descriptor), name, descriptor);
}

Term Vocabulary::static_field(std::string_view owner, std::string_view name,
                              std::string_view descriptor) {
  bool is_final = false;
  std::string decl = resolved_owner(owner, name, descriptor, &is_final);
  Sort sort;
  if (!logic::descriptor_sort(descriptor, &sort)) sort = Sort::Int();
  std::string display = decl;
  for (char& c : display) {
    if (c == '/') c = '.';
  }
  if (is_final && name == "$assertionsDisabled" && descriptor == "Z" && is_assertion_status(decl)) {
    return tm_.mk_int(assertions_enabled_ ? 0 : 1);
  }
  if (is_final && sort.is_ref()) {
    if (Term c = class_constant(decl, name, descriptor, display); !c.is_null()) return c;
  }
  if (is_final && sort.is_integral()) {
    // One value once its class is initialized (a compile-time constant the
    // JDK's code reads through getstatic, such as the model's
    // String.COMPACT_STRINGS, or one constant its initializer stores).
    const absint::FieldFact* fact = field_fact(decl, name, descriptor);
    if (fact != nullptr && fact->initialized.size() == 1 &&
        (fact->initialized[0].kind == absint::FieldValue::kInt ||
         fact->initialized[0].kind == absint::FieldValue::kLong)) {
      note_fact_used(*fact);
      return tm_.mk_integral(sort, fact->initialized[0].i);
    }
  }
  if (is_final) {
    uint32_t site = call_site(Cat("the value of static final field ", display, ".", name,
                                  " (set by its class initializer) is needed"));
    Term sk = tm_.mk_skolem(logic::SkolemKind::kOther, sort, site, 0);
    // The class initializer is read once per field (the skolem is the same
    // term at every getstatic).
    if (globals_.insert(sk).second && sort.is_ref()) {
      // Non-null when its field facts say so: the class initializer stores
      // it before any other code can read it (absint/field_facts.h).
      const absint::FieldFact* fact = field_fact(decl, name, descriptor);
      if (fact != nullptr && !fact->initialized.empty() &&
          std::all_of(fact->initialized.begin(), fact->initialized.end(), [](const absint::FieldValue& v) {
            return v.kind == absint::FieldValue::kObject || v.kind == absint::FieldValue::kString;
          })) {
        non_null_.insert(sk);
        note_fact_used(*fact);
      }
      if (std::optional<int32_t> length = clinit_array_length(decl, name, descriptor)) {
        array_lengths_.try_emplace(sk, *length);
      }
    }
    return sk;
  }
  Term var = tm_.mk_var(Cat(display, ".", name), sort, kStaticNamespace);
  tm_.set_java_type(var, descriptor);
  statics_.try_emplace(var, StaticField{decl, std::string(name), std::string(descriptor)});
  return var;
}

Term Vocabulary::class_constant(const std::string& owner, std::string_view name, std::string_view descriptor,
                                const std::string& display) {
  const std::string key = Cat(owner, ".", name, ":", descriptor);
  if (auto it = constant_vars_.find(key); it != constant_vars_.end()) return it->second;
  Term& known = constant_vars_[key];  // stays null unless the field is one
  const absint::FieldFact* fact = field_fact(owner, name, descriptor);
  if (fact == nullptr || fact->initialized.size() != 1) return Term();
  const absint::FieldValue& v = fact->initialized[0];
  if (v.kind != absint::FieldValue::kObject || !v.exact || v.text.empty() || v.text[0] == '[') return Term();
  // One store in <clinit>, of the value of one `new` there.
  const std::shared_ptr<const ir::MethodIR> ir = clinit_ir(owner);
  if (ir == nullptr) return Term();
  std::optional<ir::InsnId> allocation;
  int stores = 0;
  for (const ir::Instruction& in : ir->insns) {
    if (in.op != ir::Op::kPutStatic || in.name != name || in.descriptor != descriptor || in.owner != owner) continue;
    ++stores;
    if (in.operands.empty() || in.operands[0] < 0) return Term();
    const ir::Instruction& def = ir->def(in.operands[0]);
    if (def.op != ir::Op::kNew || def.type != v.text) return Term();
    allocation = ir->values[in.operands[0]].def;
  }
  if (stores != 1 || !allocation) return Term();
  Term var = tm_.mk_var(Cat(display, ".", name), logic::Sort::Ref(), kConstantNamespace);
  if (h_.IsSubtype(v.text, "java/lang/Enum") == classfile::Tristate::kYes) {
    if (std::optional<int32_t> k = EnumOrdinal(*ir, *allocation)) enum_ordinals_.try_emplace(var, *k);
  }
  constants_.try_emplace(var, ClassConstant{owner, std::string(name), std::string(descriptor), v.text,
                                            Cat(owner, "#", *allocation)});
  tm_.set_non_null(var);
  tm_.set_named_constant(var);
  note_fact_used(*fact);
  known = var;
  return var;
}

const Vocabulary::ClassConstant* Vocabulary::class_constant_of(Term var) const {
  auto it = constants_.find(var);
  return it == constants_.end() ? nullptr : &it->second;
}

std::vector<Term> Vocabulary::class_constant_facts(std::span<const Term> terms) {
  std::vector<Term> out;
  if (constants_.empty()) return out;
  std::vector<std::pair<Term, const ClassConstant*>> met;
  for (Term v : logic::free_variables(tm_.mk_and(terms))) {
    if (const ClassConstant* c = class_constant_of(v)) met.emplace_back(v, c);
  }
  for (size_t i = 0; i < met.size(); ++i) {
    const auto& [v, c] = met[i];
    out.push_back(tm_.mk_ne(v, tm_.mk_null()));
    const Term type = tm_.mk_type(c->type);
    out.push_back(tm_.mk_eq(tm_.mk_type_of(v), type));
    if (auto it = enum_ordinals_.find(v); it != enum_ordinals_.end()) {
      const Term ordinal = ordinal_of(v);
      out.push_back(tm_.mk_eq(ordinal, tm_.mk_int(it->second)));
    }
    for (size_t j = 0; j < i; ++j) {
      if (met[j].second->allocation != c->allocation) out.push_back(tm_.mk_ne(v, met[j].first));
    }
  }
  return out;
}

std::vector<Term> Vocabulary::class_constant_domain(Term x, Term uninitialized) {
  if (!x.is(logic::TermKind::kRead) || !x.arg(0).is(logic::TermKind::kFieldConst) || tm_.is_length_field(x.arg(0))) {
    return {};
  }
  const logic::MemberRef m = tm_.field_info(x.arg(0));
  const absint::FieldFact* f = field_fact(m.owner, m.name, m.descriptor);
  if (f == nullptr) return {};
  std::vector<Term> out;
  for (const absint::FieldValue& v : x.arg(1) == uninitialized ? f->values : f->initialized) {
    const Term c = v.kind == absint::FieldValue::kStatic ? constant_of(v) : Term();
    if (c.is_null()) return {};
    out.push_back(c);
  }
  return out;
}

Term Vocabulary::ordinal_of(Term constant) { return tm_.mk_read(field("java/lang/Enum", "ordinal", "I"), constant); }

std::optional<int32_t> Vocabulary::clinit_array_length(const std::string& owner, std::string_view name,
                                                       std::string_view descriptor) {
  const std::shared_ptr<const ir::MethodIR> ir = clinit_ir(owner);
  if (ir == nullptr) return std::nullopt;
  std::optional<int32_t> length;  // the same constant at every store
  for (const ir::Instruction& in : ir->insns) {
    if (in.op != ir::Op::kPutStatic || in.name != name || in.descriptor != descriptor || in.owner != owner) {
      continue;
    }
    const ir::Instruction& def = ir->def(in.operands[0]);
    std::optional<int32_t> here;
    if (def.op == ir::Op::kNewArray && def.operands.size() == 1) {
      const ir::Instruction& count = ir->def(def.operands[0]);
      if (count.op == ir::Op::kConst && count.const_kind == ir::ConstKind::kInt) {
        here = static_cast<int32_t>(count.bits);
      }
    }
    if (!here || *here < 0 || (length && *length != *here)) return std::nullopt;
    length = here;
  }
  return length;
}

std::shared_ptr<const ir::MethodIR> Vocabulary::clinit_ir(const std::string& owner) {
  if (auto it = clinits_.find(owner); it != clinits_.end()) return it->second;
  std::shared_ptr<const ir::MethodIR> built;
  if (auto cf = h_.class_path().Load(owner); cf.ok()) {
    for (const auto& m : (*cf)->methods) {
      if (m.name != "<clinit>" || !m.code) continue;
      if (auto ir = callgraph::BuildAnalysisIR(*cf, m, h_); ir.ok()) built = *ir;
    }
  }
  clinits_.emplace(owner, built);
  return built;
}

bool Vocabulary::is_assertion_status(const std::string& owner) {
  if (auto it = assertion_status_.find(owner); it != assertion_status_.end()) return it->second;
  bool status = false;
  if (const std::shared_ptr<const ir::MethodIR> ir = clinit_ir(owner)) {
    constexpr uint16_t kStaticFinal = 0x0008 | 0x0010, kSynthetic = 0x1000;
    bool field = false;
    for (const auto& f : ir->class_file->fields) {
      field |= f.name == "$assertionsDisabled" && f.descriptor == "Z" &&
               (f.access_flags & kStaticFinal) == kStaticFinal && ((f.access_flags & kSynthetic) || f.synthetic_attr);
    }
    bool asks = false, stores = false;
    for (const ir::Instruction& in : ir->insns) {
      asks |= in.op == ir::Op::kInvoke && in.owner == "java/lang/Class" && in.name == "desiredAssertionStatus" &&
              in.descriptor == "()Z";
      stores |= in.op == ir::Op::kPutStatic && in.owner == owner && in.name == "$assertionsDisabled";
    }
    status = field && asks && stores;
  }
  assertion_status_.emplace(owner, status);
  return status;
}

const absint::FieldFact* Vocabulary::field_fact(std::string_view owner, std::string_view name,
                                                std::string_view descriptor) {
  if (field_facts_ == nullptr) return nullptr;
  const absint::FieldFact& f = field_facts_->Of(owner, name, descriptor);
  return f.known ? &f : nullptr;
}

void Vocabulary::note_fact_used(const absint::FieldFact& fact) { note_fact_used(fact.description); }

void Vocabulary::note_fact_used(const std::string& description) {
  if (facts_used_set_.insert(description).second) facts_used_.push_back(description);
}

bool Vocabulary::returns_non_null(const ir::Instruction& in) {
  std::vector<std::string> facts;
  if (non_null_returns_ == nullptr || !non_null_returns_->OfCall(in, &facts)) return false;
  for (const std::string& f : facts) note_fact_used(f);
  return true;
}

bool Vocabulary::returns_non_null(const callgraph::MethodId& m) {
  std::vector<std::string> facts;
  if (non_null_returns_ == nullptr || !non_null_returns_->Of(m, &facts)) return false;
  for (const std::string& f : facts) note_fact_used(f);
  return true;
}

Term Vocabulary::field_constant(std::string_view owner, std::string_view name, std::string_view descriptor) {
  if (field_facts_ == nullptr) return Term();
  const absint::FieldFact* f = field_fact(resolved_owner(owner, name, descriptor), name, descriptor);
  if (f == nullptr || f->values.size() != 1) return Term();
  const Term c = constant_of(f->values[0]);
  if (!c.is_null()) note_fact_used(*f);
  return c;
}

Term Vocabulary::constant_of(const absint::FieldValue& v) {
  switch (v.kind) {
    case absint::FieldValue::kInt: return tm_.mk_int(static_cast<int32_t>(v.i));
    case absint::FieldValue::kLong: return tm_.mk_long(v.i);
    case absint::FieldValue::kNull: return tm_.mk_null();
    case absint::FieldValue::kString: return tm_.mk_string(v.text);
    case absint::FieldValue::kObject: return Term();
    case absint::FieldValue::kStatic: {
      // The value of a class constant is its variable; of another static
      // final, unknown here.
      const size_t colon = v.text.find(':');
      const size_t dot = v.text.rfind('.', colon);
      if (colon == std::string::npos || dot == std::string::npos) return Term();
      const std::string owner = v.text.substr(0, dot);
      return class_constant(owner, std::string_view(v.text).substr(dot + 1, colon - dot - 1),
                            std::string_view(v.text).substr(colon + 1), classfile::JavaName(owner));
    }
  }
  return Term();
}

const std::vector<absint::FieldValue>* Vocabulary::entry_values(const StaticField& s) {
  const absint::FieldFact& fact = field_facts_->Of(s.owner, s.name, s.descriptor);
  if (statics_initial_) return fact.initial_known ? &fact.initial : nullptr;
  return fact.known ? &fact.initialized : nullptr;
}

bool Vocabulary::kept_by_call(Term field, std::string_view callee_owner, std::string_view callee_name) {
  if (field_facts_ == nullptr || !field.is(logic::TermKind::kFieldConst) || tm_.is_length_field(field)) return false;
  const logic::MemberRef m = tm_.field_info(field);
  const absint::FieldFact& f = field_facts_->Of(m.owner, m.name, m.descriptor);
  if (!f.effectively_final) return false;
  if (callee_name == "<init>" && h_.IsSubtype(callee_owner, m.owner) != classfile::Tristate::kNo) return false;
  note_fact_used(Cat(classfile::JavaName(m.owner), ".", m.name,
                     " is written only by its class's constructors: kept across other calls"));
  return true;
}

namespace {

// Whether witness value `v` (objects in `w`) is one of `values`; true when
// the witness cannot say (floating-point and opaque values).
// `constants`: the objects that are class constants' values, by id, the
// static field each is ("owner.name:descriptor").
bool allowed(const classfile::ClassHierarchy& h, const solver::Witness& w, const solver::WitnessValue& v,
             const std::vector<absint::FieldValue>& values,
             const absl::flat_hash_map<std::string, std::string>& constants) {
  using Kind = solver::WitnessValue::Kind;
  for (const absint::FieldValue& x : values) {
    switch (v.kind) {
      case Kind::kBool: case Kind::kInt:
        if (x.kind == absint::FieldValue::kInt && x.i == v.integral) return true;
        break;
      case Kind::kLong:
        if (x.kind == absint::FieldValue::kLong && x.i == v.integral) return true;
        break;
      case Kind::kNull:
        if (x.kind == absint::FieldValue::kNull) return true;
        break;
      case Kind::kRef: {
        const solver::WitnessObject* o = nullptr;
        for (const solver::WitnessObject& c : w.objects) {
          if (c.id == v.object) o = &c;
        }
        if (o == nullptr) return true;
        if (x.kind == absint::FieldValue::kString && o->type == "java/lang/String" &&
            (!o->string_value || *o->string_value == x.text)) {
          return true;
        }
        if (x.kind == absint::FieldValue::kObject &&
            (x.exact ? o->type == x.text : h.IsSubtype(o->type, x.text) != classfile::Tristate::kNo)) {
          return true;
        }
        // Another static's value: that very object, never one the witness makes.
        if (auto c = constants.find(o->id); x.kind == absint::FieldValue::kStatic && c != constants.end() &&
                                            c->second == x.text) {
          return true;
        }
        break;
      }
      default:
        return true;
    }
  }
  return false;
}

}  // namespace

std::vector<FieldFactCheck> Vocabulary::field_fact_checks(const solver::Witness& w, std::string_view uninitialized) {
  std::vector<FieldFactCheck> out;
  if (field_facts_ == nullptr) return out;
  // A class constant's object is the class initializer's: no input.
  absl::flat_hash_map<std::string, std::string> constant_objects;
  for (const solver::WitnessVariable& v : w.variables) {
    const ClassConstant* c = class_constant_of(v.var);
    if (c != nullptr && v.value.kind == solver::WitnessValue::Kind::kRef) {
      constant_objects.emplace(v.value.object, c->key());
    }
  }
  for (const solver::WitnessObject& o : w.objects) {
    if (o.id == uninitialized || constant_objects.contains(o.id)) continue;
    for (const solver::WitnessField& f : o.fields) {
      const absint::FieldFact& fact = field_facts_->Of(f.owner, f.name, f.descriptor);
      if (!fact.known) continue;
      out.push_back(FieldFactCheck{o.id, f.owner, f.name, f.descriptor, fact.initialized, fact.description,
                                   allowed(h_, w, f.value, fact.initialized, constant_objects)});
    }
  }
  for (const solver::WitnessVariable& v : w.variables) {
    const StaticField* s = static_field_of(v.var);
    if (s == nullptr) continue;
    const std::vector<absint::FieldValue>* values = entry_values(*s);
    if (values == nullptr) continue;
    out.push_back(FieldFactCheck{"", s->owner, s->name, s->descriptor, *values,
                                 field_facts_->Of(s->owner, s->name, s->descriptor).description,
                                 allowed(h_, w, v.value, *values, constant_objects)});
  }
  return out;
}

std::string Vocabulary::breaks_field_facts(const solver::Witness& w, std::string_view uninitialized) {
  for (const FieldFactCheck& c : field_fact_checks(w, uninitialized)) {
    if (!c.kept) return Cat(c.object.empty() ? Cat(classfile::JavaName(c.owner), ".", c.name) : Cat(c.object, ".", c.name), " (", c.fact, ")");
  }
  return "";
}

Term Vocabulary::one_of(Term x, const std::vector<absint::FieldValue>& values) {
  std::vector<Term> any;
  for (const absint::FieldValue& v : values) {
    if (Term c = constant_of(v); !c.is_null()) {
      any.push_back(tm_.mk_eq(x, c));
      continue;
    }
    if (v.kind == absint::FieldValue::kStatic) {
      any.push_back(tm_.mk_true());  // another static final's value: anything of its type
      continue;
    }
    // An object: non-null; an allocation of a class is of exactly that class.
    Term non_null = tm_.mk_ne(x, tm_.mk_null());
    if (v.exact && !v.text.empty() && v.text[0] != '[') {
      const Term type = tm_.mk_type(v.text);
      any.push_back(tm_.mk_and(non_null, tm_.mk_eq(tm_.mk_type_of(x), type)));
    } else {
      any.push_back(non_null);
    }
  }
  return tm_.mk_or(any);
}

std::string Vocabulary::add_field_values(Term phi, Term uninitialized, std::vector<Term>* out) {
  if (field_facts_ == nullptr) return "";
  for (Term t : logic::collect(phi, [](Term x) {
         return (x.is(logic::TermKind::kRead) && x.arg(0).is(logic::TermKind::kFieldConst)) || x.is_var();
       })) {
    const absint::FieldFact* f = nullptr;
    if (t.is_var()) {
      const StaticField* s = static_field_of(t);
      if (s == nullptr) continue;
      const std::vector<absint::FieldValue>* values = entry_values(*s);
      if (statics_initial_ && values == nullptr) {
        return Cat("--statics initial: the value of ", logic::to_java(tm_, t),
                   " after its class initializer runs is not known (the initializer runs other code, or stores "
                   "a value that is not a constant)");
      }
      if (values == nullptr) continue;
      out->push_back(one_of(t, *values));
      if (statics_initial_) {
        note_fact_used(Cat(logic::to_java(tm_, t), " holds what its class initializer leaves there (--statics initial)"));
      } else {
        note_fact_used(field_facts_->Of(s->owner, s->name, s->descriptor));
      }
      continue;
    } else if (!tm_.is_length_field(t.arg(0))) {
      const logic::MemberRef m = tm_.field_info(t.arg(0));
      if (t.arg(1) == uninitialized) {
        // A constructor's entry: `new` has just made the object (the
        // witness runner calls the constructor), so every field of it,
        // its superclasses' too, holds its default; no code ran yet.
        out->push_back(tm_.mk_eq(t, tm_.mk_default(t.sort())));
        note_fact_used(Cat(logic::to_java(tm_, t), " holds its default at the constructor's entry"));
        continue;
      }
      f = field_fact(m.owner, m.name, m.descriptor);
    }
    if (f == nullptr) continue;
    out->push_back(one_of(t, f->initialized));
    note_fact_used(*f);
  }
  return "";
}

std::vector<std::string> Vocabulary::static_inputs(Term phi) {
  std::vector<std::string> out;
  if (statics_initial_) return out;
  for (Term v : logic::free_variables(phi)) {
    const StaticField* s = static_field_of(v);
    if (s == nullptr) continue;
    const absint::FieldFact* fact = field_facts_ != nullptr ? &field_facts_->Of(s->owner, s->name, s->descriptor) : nullptr;
    if (fact != nullptr && fact->known) continue;
    const std::string why = fact != nullptr ? fact->why_not : "field facts are off";
    out.push_back(Cat(logic::to_java(tm_, v), ": an input, as ", why,
                      " (--statics initial takes its initializer's value)"));
  }
  return out;
}

std::vector<std::string> Vocabulary::internal_state(Term phi) {
  std::set<std::string> out;
  const Term chars = string_chars();
  for (Term t : logic::collect(phi, [](Term x) { return x.is(logic::TermKind::kRead); })) {
    const Term f = t.arg(0);
    if (!f.is(logic::TermKind::kFieldConst) || tm_.is_length_field(f) || f == chars) continue;
    const logic::MemberRef m = tm_.field_info(f);
    // The receiver's own fields, of a class not the JDK's, are its state.
    const Term object = t.arg(1);
    const bool own = object.is_var() && tm_.var_info(object).name == "this";
    if (own && !types::IsJdkPackage(m.owner)) continue;
    out.insert(Cat(classfile::JavaName(m.owner), ".", m.name));
  }
  // And the JDK's static fields it takes as inputs (String.COMPACT_STRINGS).
  for (Term v : logic::free_variables(phi)) {
    const StaticField* st = static_field_of(v);
    if (st == nullptr || !types::IsJdkPackage(st->owner)) continue;
    out.insert(Cat(classfile::JavaName(st->owner), ".", st->name));
  }
  return {out.begin(), out.end()};
}

const Vocabulary::StaticField* Vocabulary::static_field_of(Term var) const {
  auto it = statics_.find(var);
  return it == statics_.end() ? nullptr : &it->second;
}

Term Vocabulary::string_chars() {
  if (!string_chars_) {
    classfile::FieldResult r = classfile::ResolveField(h_, models::kStringClass, models::kStringChars,
                                                       models::kStringCharsDescriptor);
    string_chars_ = r.ok() && r.member != nullptr
                        ? field(models::kStringClass, models::kStringChars, models::kStringCharsDescriptor)
                        : Term();
    tm_.set_string_value_field(*string_chars_);
  }
  return *string_chars_;
}

Term Vocabulary::current_thread() {
  const uint32_t site = call_site("the current thread (java.lang.Thread.currentThread()) is needed");
  Term sk = tm_.mk_skolem(logic::SkolemKind::kOther, logic::Sort::Ref(), site, 0);
  non_null_.insert(sk);
  globals_.insert(sk);
  return sk;
}

logic::Minterm Vocabulary::with_global_facts(const logic::Minterm& phi) {
  if ((non_null_.empty() && enum_ordinals_.empty()) || phi.is_true() || phi.is_false()) return phi;
  logic::Substitution s(tm_);
  for (Term v : logic::free_variables(phi)) {
    if (auto it = enum_ordinals_.find(v); it != enum_ordinals_.end()) {
      const Term ordinal = ordinal_of(v);
      s.add(ordinal, tm_.mk_int(it->second));
    }
    if (non_null_.contains(v)) {
      Term is_null = tm_.mk_eq(v, tm_.mk_null());
      s.add(is_null, tm_.mk_false());
    }
    if (auto it = array_lengths_.find(v); it != array_lengths_.end()) {
      Term len = tm_.mk_length(v);
      s.add(len, tm_.mk_int(it->second));
    }
  }
  return s.empty() ? phi : s.apply(phi);
}

uint32_t Vocabulary::call_site(const std::string& description) { return call_site(description, description); }

uint32_t Vocabulary::environment_site(const EnvironmentRead& read, const std::string& where) {
  const bool variable = read.source == EnvironmentRead::Source::kEnvironmentVariable;
  const uint32_t site = call_site(Cat("the value of ", variable ? "environment variable" : "system property", " \"",
                                      read.key, "\" read at ", where,
                                      " is needed (the witness sets it; the JVM must confirm)"));
  if (environment_sites_.try_emplace(site, read).second) {
    tm_.name_input_site(site,
                        Cat(variable ? "System.getenv(" : "System.getProperty(", logic::java_string_literal(read.key), ")"));
  }
  return site;
}

Term Vocabulary::inputs_read() {
  return static_field(callgraph::kInputsOwner, callgraph::kInputsReadName, callgraph::kInputsReadDescriptor);
}

uint32_t Vocabulary::input_site(const ir::Instruction& call, const std::string& where, bool position) {
  const std::string owner = classfile::JavaName(call.owner);
  const std::string method = Cat(owner, ".", call.name, call.descriptor);
  // One text for both sites: a reason names the call once.
  const std::string text = Cat("the value of ", method, " called at ", where,
                               " (an input method: the witness gives it at its position among the inputs; the JVM "
                               "must confirm)");
  const uint32_t site = call_site(text, position ? Cat(text, " (position)") : text);
  if (input_sites_.try_emplace(site, InputSite{method, position}).second) {
    // The simple class name: `Verifier.nondetInt()#7`.
    const size_t dot = owner.rfind('.');
    const std::string call_text = Cat(dot == std::string::npos ? owner : owner.substr(dot + 1), ".", call.name, "()");
    tm_.name_input_site(site, position ? Cat("position(", call_text, ")") : call_text, /*indexed=*/true);
  }
  return site;
}

uint32_t Vocabulary::call_site(const std::string& description, const std::string& identity) {
  auto [it, inserted] = site_ids_.try_emplace(Cat("\x01", identity), static_cast<uint32_t>(sites_.size()));
  if (inserted) sites_.push_back(description);
  return it->second;
}

Term Vocabulary::array_map(std::string_view element_descriptor) {
  using logic::ArrayKind;
  ArrayKind kind = ArrayKind::kRef;
  switch (element_descriptor.empty() ? 'L' : element_descriptor[0]) {
    case 'Z': kind = ArrayKind::kBoolean; break;
    case 'B': kind = ArrayKind::kByte; break;
    case 'C': kind = ArrayKind::kChar; break;
    case 'S': kind = ArrayKind::kShort; break;
    case 'I': kind = ArrayKind::kInt; break;
    case 'J': kind = ArrayKind::kLong; break;
    case 'F': kind = ArrayKind::kFloat; break;
    case 'D': kind = ArrayKind::kDouble; break;
    default: kind = ArrayKind::kRef; break;
  }
  return tm_.mk_array_map(kind);
}

Term Vocabulary::type(std::string_view t) {
  if (t.size() >= 2 && t.front() == 'L' && t.back() == ';') t = t.substr(1, t.size() - 2);
  return tm_.mk_type(t);
}

bool Vocabulary::is_result_fact(logic::Term lit) const {
  using logic::TermKind;
  const bool negated = lit.is(TermKind::kNot);
  const logic::Term inner = negated ? lit.arg(0) : lit;
  auto facts_of = [&](logic::Term v) -> const ResultFacts* {
    if (v.is_null() || !v.is_var()) return nullptr;
    const logic::VarInfo& info = tm_.var_info(v);
    if (info.role != logic::VarRole::kSkolem || info.skolem_kind != logic::SkolemKind::kRet) return nullptr;
    auto it = result_facts_.find(info.site);
    return it == result_facts_.end() ? nullptr : &it->second;
  };
  if (negated) {
    const ResultFacts* f = facts_of(logic::null_compared(inner));
    return f != nullptr && f->non_null;
  }
  auto is_exact = [&](logic::Term type_of, logic::Term type) {
    if (!type_of.is(TermKind::kTypeOf) || !type.is(TermKind::kTypeConst)) return false;
    const ResultFacts* f = facts_of(type_of.arg(0));
    return f != nullptr && !f->exact_class.empty() && type == tm_.mk_type(f->exact_class);
  };
  if (inner.is(TermKind::kEq)) return is_exact(inner.arg(0), inner.arg(1)) || is_exact(inner.arg(1), inner.arg(0));
  if (inner.is(TermKind::kSubType)) return is_exact(inner.arg(0), inner.arg(1));
  return false;
}

}  // namespace jwp::wp
