// The entry check (entry_check.h), and the search's side of it: what a
// minterm at the entry must be rid of before the check (skipped calls,
// cached boxes, the fields of string literals), and the result it fills.
#include "wp/entry_check.h"

#include "callgraph/input_methods.h"

#include "classfile/descriptor.h"
#include "classfile/member_resolution.h"
#include "classfile/utf16.h"
#include "logic/printer.h"
#include "logic/visit.h"
#include "models/string_model.h"
#include "wp/wp_problem.h"
#include "wp/witness_completion.h"

namespace jwp::wp {

namespace {

using logic::Minterm;
using logic::Term;

constexpr int32_t kMaxWitnessArrayLength = 1 << 16;  // larger arrays: the solver is asked again
// The longest array the witness runner builds (app/witness_runner, Witness.java).
constexpr int32_t kMaxRunnerArrayLength = 100'000'000;

// The value range of a sub-int descriptor (Z B C S), as [lo, hi].
bool sub_int_range(std::string_view descriptor, int32_t* lo, int32_t* hi) {
  switch (descriptor.empty() ? ' ' : descriptor[0]) {
    case 'Z': *lo = 0; *hi = 1; return true;
    case 'B': *lo = -128; *hi = 127; return true;
    case 'C': *lo = 0; *hi = 65535; return true;
    case 'S': *lo = -32768; *hi = 32767; return true;
    default: return false;
  }
}

// A method a subclass may override: virtual (not static, private or a
// constructor), neither it nor its class final.
bool overridable(const ir::MethodIR& ir) {
  if (ir.is_static || ir.method_name == "<init>" || ir.class_file == nullptr) return false;
  if (ir.class_file->IsFinal()) return false;
  for (const classfile::MethodInfo& m : ir.class_file->methods) {
    if (m.name == ir.method_name && m.descriptor == ir.method_descriptor) {
      return !m.IsPrivate() && !(m.access_flags & classfile::access::kFinal);
    }
  }
  return true;
}

bool too_large_for_a_witness(const solver::Witness& w) {
  for (const solver::WitnessObject& o : w.objects) {
    if (o.length && *o.length > kMaxWitnessArrayLength) return true;
  }
  return false;
}

}  // namespace

void add_ranges(logic::TermManager& tm, const Vocabulary& vocab, Term phi, std::vector<Term>* out) {
  auto range = [&](Term t, std::string_view desc) {
    int32_t lo, hi;
    if (!sub_int_range(desc, &lo, &hi)) return;
    out->push_back(tm.mk_le(tm.mk_int(lo), t));
    out->push_back(tm.mk_le(t, tm.mk_int(hi)));
  };
  for (Term t : logic::collect(phi, [](Term x) {
         return x.is(logic::TermKind::kRead) || x.is(logic::TermKind::kARead) || x.is_var();
       })) {
    if (t.is(logic::TermKind::kRead) && t.arg(0).is(logic::TermKind::kFieldConst) &&
        !tm.is_length_field(t.arg(0))) {
      range(t, tm.field_info(t.arg(0)).descriptor);
    } else if (t.is(logic::TermKind::kARead) && t.arg(0).is(logic::TermKind::kArrayConst)) {
      range(t, std::string(1, logic::array_kind_descriptor(tm.array_kind(t.arg(0)))));
    } else if (t.is_var()) {
      const Vocabulary::StaticField* f = vocab.static_field_of(t);
      if (f == nullptr) continue;
      range(t, f->descriptor);
      if (t.sort().is_ref() && !f->descriptor.empty()) {
        // A static field holds null or an instance of its declared type.
        std::string_view d = f->descriptor;
        Term type = tm.mk_type(d[0] == 'L' ? d.substr(1, d.size() - 2) : d);
        Term is_null = tm.mk_eq(t, tm.mk_null());
        out->push_back(tm.mk_or(is_null, tm.mk_instance_of(t, type)));
      }
    }
  }
}

Term EntryCheck::Uninitialized(Entry a) {
  const ir::MethodIR& ir = a.ir;
  return ir.method_name == "<init>" && !ir.params.empty() ? a.tr.var(ir.params[0]) : Term();
}

Term EntryCheck::Dispatch(Entry a) {
  const ir::MethodIR& ir = a.ir;
  if (!overridable(ir) || ir.params.empty()) return Term();
  Term type = tm_.mk_type_of(a.tr.var(ir.params[0]));
  Term dispatch = tm_.mk_dispatch(type, tm_.mk_signature(ir.class_name, ir.method_name, ir.method_descriptor));
  return tm_.mk_eq(dispatch, tm_.mk_method(ir.class_name, ir.method_name, ir.method_descriptor));
}

std::vector<Term> EntryCheck::DeclaredTypeBounds(Entry a) {
  std::vector<Term> bounds;
  const ir::MethodIR& ir = a.ir;
  for (size_t i = 0; i < ir.params.size(); ++i) {
    const ir::Value& val = ir.values[ir.params[i]];
    if (!ir::IsReference(val.type.kind)) continue;
    const bool receiver = !ir.is_static && i == 0;
    if (!receiver && val.type.descriptor.empty()) continue;
    Term type_of = tm_.mk_type_of(a.tr.var(ir.params[i]));
    Term type = receiver ? tm_.mk_type(ir.class_name) : vocab_.type(val.type.descriptor);
    bounds.push_back(tm_.mk_sub_type(type_of, type));
  }
  return bounds;
}

std::vector<Term> EntryCheck::Typing(Entry a) {
  const ir::MethodIR& ir_ = a.ir;
  Transformer& tr0 = a.tr;
  // Well-typed inputs: `this` is a non-null instance of its class (an
  // instantiable one, T3), reference parameters are null or instances of
  // their declared types.
  std::vector<Term> typing;
  for (size_t i = 0; i < ir_.params.size(); ++i) {
    ir::ValueId v = ir_.params[i];
    const ir::Value& val = ir_.values[v];
    if (!ir::IsReference(val.type.kind)) {
      // boolean, byte, char, short parameters: their range.
      auto md = classfile::ParseMethodDescriptor(ir_.method_descriptor);
      const size_t j = ir_.is_static ? i : i - 1;
      std::string desc = md.ok() && j < md->params.size() && md->params[j].array_dims == 0
                             ? md->params[j].Descriptor() : std::string();
      int32_t lo, hi;
      if (sub_int_range(desc, &lo, &hi)) {
        Term p = tr0.var(v);
        typing.push_back(tm_.mk_le(tm_.mk_int(lo), p));
        typing.push_back(tm_.mk_le(p, tm_.mk_int(hi)));
      }
      continue;
    }
    Term p = tr0.var(v);
    Term type = vocab_.type(val.type.descriptor);
    if (!ir_.is_static && i == 0) {
      typing.push_back(tm_.mk_ne(p, tm_.mk_null()));
      typing.push_back(tm_.mk_instance_of(p, tm_.mk_type(ir_.class_name)));
      // The entry is called virtually (the witness runner invokes it as
      // Java code would): the receiver's class must not override it, or the
      // call runs another method.
      if (Term d = Dispatch(a); !d.is_null()) typing.push_back(d);
    } else if (!val.type.descriptor.empty()) {
      Term is_null = tm_.mk_eq(p, tm_.mk_null());
      typing.push_back(tm_.mk_or(is_null, tm_.mk_instance_of(p, type)));
    }
  }
  return typing;
}

std::optional<Replay> EntryCheck::WitnessOf(const solver::Witness& w, Entry entry) {
  const ir::MethodIR& ir_ = entry.ir;
  Transformer& tr0 = entry.tr;
  Replay r;
  r.entry_class = std::string(ir_.class_name);
  r.entry_method = std::string(ir_.method_name);
  r.entry_descriptor = std::string(ir_.method_descriptor);
  r.entry_static = ir_.is_static;
  auto value_of = [&](Term var) -> solver::WitnessValue {
    for (const auto& v : w.variables) {
      if (v.var == var) return v.value;
    }
    // Not constrained by the precondition: any value works; use the default.
    solver::WitnessValue d;
    logic::Sort s = var.sort();
    if (s.is_int()) d.kind = solver::WitnessValue::Kind::kInt;
    else if (s.is_long()) d.kind = solver::WitnessValue::Kind::kLong;
    else if (s.is_float()) d.kind = solver::WitnessValue::Kind::kFloat;
    else if (s.is_double()) d.kind = solver::WitnessValue::Kind::kDouble;
    else d.kind = solver::WitnessValue::Kind::kNull;
    return d;
  };
  for (size_t i = 0; i < ir_.params.size(); ++i) {
    Term p = tr0.var(ir_.params[i]);
    if (!ir_.is_static && i == 0) {
      r.receiver = value_of(p);
    } else {
      r.arguments.push_back(value_of(p));
    }
  }
  // A value Z3's model leaves as an expression (over the maps of skipped
  // calls' effects) is none a JVM can take.
  auto opaque = [](const std::optional<solver::WitnessValue>& v) {
    return v && v->kind == solver::WitnessValue::Kind::kOpaque;
  };
  if (opaque(r.receiver) || std::any_of(r.arguments.begin(), r.arguments.end(), opaque)) return std::nullopt;
  // A model that gives a parameter an object of another type (a model the
  // typing excludes: Witness::type_errors) is none a JVM can take.
  for (size_t i = ir_.is_static ? 0 : 1; i < ir_.params.size(); ++i) {
    const solver::WitnessValue& v = r.arguments[i - (ir_.is_static ? 0 : 1)];
    const std::string_view d = ir_.values[ir_.params[i]].type.descriptor;
    if (v.kind != solver::WitnessValue::Kind::kRef || d.size() < 2) continue;
    const solver::WitnessObject* o = w.find_object(v.object);
    if (o != nullptr && types_.is_subtype(o->type, classfile::InternalNameOf(d)) == false) return std::nullopt;
  }
  r.heap = w.objects;
  for (const solver::WitnessObject& o : r.heap) {
    // An input cannot be the lambda object of a site inside the program.
    if (types_.lambda(o.type) != nullptr) return std::nullopt;
  }
  for (solver::WitnessObject& o : r.heap) {
    if (!o.type.empty() && o.type[0] == '[' && !o.length) {
      // The formula never reads the length: any length covering the
      // elements it reads will do.
      int32_t n = 0;
      for (const auto& e : o.elements) n = std::max(n, e.index + 1);
      o.length = n;
    }
  }
  // The characters of the char array `v` in the replay's heap (where every
  // array has its length, above), the first `count` of them when given.
  auto units_of = [&](const solver::WitnessValue& v, std::optional<int64_t> count)
      -> std::optional<std::vector<uint16_t>> {
    auto chars = v.kind != solver::WitnessValue::Kind::kRef
                     ? r.heap.end()
                     : std::find_if(r.heap.begin(), r.heap.end(),
                                    [&](const solver::WitnessObject& x) { return x.id == v.object; });
    if (chars == r.heap.end()) return std::nullopt;
    const int64_t length = std::max(0, chars->length.value_or(0));
    if (count && (*count < 0 || *count > length)) return std::nullopt;
    // A character the query does not read is any: 'a', as the solver's
    // witness preferences make those it reads (a name, not "\0").
    std::vector<uint16_t> units(static_cast<size_t>(count.value_or(length)), 'a');
    for (const auto& e : chars->elements) {
      if (e.index >= 0 && static_cast<size_t>(e.index) < units.size()) {
        units[e.index] = static_cast<uint16_t>(e.value.integral);
      }
    }
    return units;
  };
  auto field_of = [](solver::WitnessObject& o, std::string_view owner, std::string_view name) {
    return std::find_if(o.fields.begin(), o.fields.end(),
                        [&](const solver::WitnessField& x) { return x.owner == owner && x.name == name; });
  };
  for (solver::WitnessObject& o : r.heap) {
    if (o.type != models::kStringClass) continue;
    // The String model: a string that is not a literal is its characters
    // (jwpValue), replayed as a new string; the field is the model's own.
    auto f = field_of(o, models::kStringClass, models::kStringChars);
    if (!o.string_value) {
      std::vector<uint16_t> units;
      if (f != o.fields.end()) {
        std::optional<std::vector<uint16_t>> read = units_of(f->value, std::nullopt);
        if (!read) return std::nullopt;  // a string without characters
        units = std::move(*read);
      }
      std::optional<std::string> text = classfile::Utf8(units);
      if (!text) return std::nullopt;  // an unpaired surrogate: not expressible in the witness
      o.string_value = *text;
      r.plain_strings.push_back(o.id);
    }
    if (f != o.fields.end()) o.fields.erase(f);
  }
  for (solver::WitnessObject& o : r.heap) {
    if (o.type != models::kStringBuilderClass) continue;
    // The StringBuilder model: jwpValue[0, jwpCount), replayed as a
    // StringBuilder of those characters (the fields are the model's own).
    auto chars = field_of(o, models::kStringBuilderClass, models::kStringBuilderChars);
    auto count = field_of(o, models::kStringBuilderClass, models::kStringBuilderCount);
    std::vector<uint16_t> units;
    if (chars != o.fields.end()) {
      const int64_t n = count == o.fields.end() ? 0 : count->value.integral;
      std::optional<std::vector<uint16_t>> read = units_of(chars->value, n);
      if (!read) return std::nullopt;  // no characters, or a count past them: no StringBuilder has that
      units = std::move(*read);
    } else if (count != o.fields.end() && count->value.integral != 0) {
      return std::nullopt;
    }
    std::optional<std::string> text = classfile::Utf8(units);
    if (!text) return std::nullopt;
    o.string_value = *text;
    std::erase_if(o.fields, [](const solver::WitnessField& x) { return x.owner == models::kStringBuilderClass; });
  }
  for (const auto& v : w.variables) {
    if (const Vocabulary::StaticField* f = vocab_.static_field_of(v.var); f != nullptr && f->owner != callgraph::kInputsOwner) {
      r.statics.push_back({f->owner, f->name, f->descriptor, v.value});
    }
    // A system property or environment variable the model read: a read's
    // unknown (the first of each name; later reads of it in the model are
    // the JVM's to agree).
    if (v.role == logic::VarRole::kSkolem) {
      if (const EnvironmentRead* read = vocab_.environment_of_site(tm_.var_info(v.var).site)) {
        std::vector<Replay::Property>& set =
            read->source == EnvironmentRead::Source::kSystemProperty ? r.properties : r.variables;
        const bool known =
            std::any_of(set.begin(), set.end(), [&](const Replay::Property& p) { return p.key == read->key; });
        if (!known) set.push_back({read->key, v.value});
      }
    }
    // An input's position, about the skolem of its value (wp/inputs.cc).
    if (v.role == logic::VarRole::kSkolem) {
      const logic::VarInfo& info = tm_.var_info(v.var);
      const Vocabulary::InputSite* in = vocab_.input_of_site(info.site);
      if (in != nullptr && in->position && v.value.kind == solver::WitnessValue::Kind::kInt) {
        auto value = std::find_if(w.variables.begin(), w.variables.end(), [&](const auto& x) { return x.var == info.about; });
        const bool taken = std::any_of(r.inputs.begin(), r.inputs.end(),
                                       [&](const Replay::Input& x) { return x.position == v.value.integral; });
        if (value != w.variables.end() && !taken && v.value.integral >= 0) {
          r.inputs.push_back({v.value.integral, in->method, value->value});
        }
      }
    }
    // A class constant's object is the one its class initializer made.
    const Vocabulary::ClassConstant* c = vocab_.class_constant_of(v.var);
    if (c == nullptr) continue;
    auto o = v.value.kind != solver::WitnessValue::Kind::kRef
                 ? r.heap.end()
                 : std::find_if(r.heap.begin(), r.heap.end(), [&](const solver::WitnessObject& x) { return x.id == v.value.object; });
    if (o == r.heap.end() || o->static_value) return std::nullopt;  // a model the facts exclude
    o->static_value = c->key();
  }
  std::sort(r.inputs.begin(), r.inputs.end(),
            [](const Replay::Input& a, const Replay::Input& b) { return a.position < b.position; });
  r.input_methods = vocab_.input_methods();
  if (vocab_.file_queries() && (!r.inputs.empty() || !r.input_methods.empty())) {
    for (std::string& p : callgraph::FileQueryPatterns()) r.input_methods.push_back(std::move(p));
  }
  r.assertions = vocab_.assertions_enabled();
  AddStandInReturns(w, &r);
  return r;
}

// What a witness with stand-ins assumes, in words: the class a caller
// writes, and what its methods return.
std::vector<std::string> EntryCheck::StandInAssumptions(const Replay& r) const {
  std::vector<std::string> out;
  for (const solver::WitnessObject& o : r.heap) {
    if (std::optional<std::string> t = types_.stand_in_for(o.type)) {
      out.push_back(Cat("stand-in: ", o.id, " is an object of a class the caller writes, a subtype of ", internal::dotted(*t),
                        " (no class on the class path is one)"));
    }
  }
  for (const Replay::StandInReturn& x : r.stand_in_returns) {
    out.push_back(Cat("stand-in: its ", x.method, x.descriptor, " (", internal::dotted(x.owner), ") returns ",
                      solver::to_string(x.value)));
  }
  return out;
}

// A stand-in's methods return what the model gives the skipped calls that
// name them (the first such call of each method): calls on a stand-in have
// no target on the class path, so their results are skolems.
void EntryCheck::AddStandInReturns(const solver::Witness& w, Replay* r) {
  std::vector<std::string> stood_for;
  for (const solver::WitnessObject& o : r->heap) {
    if (std::optional<std::string> t = types_.stand_in_for(o.type)) stood_for.push_back(std::move(*t));
  }
  if (stood_for.empty()) return;
  for (const solver::WitnessVariable& v : w.variables) {
    if (v.role != logic::VarRole::kSkolem || v.value.kind == solver::WitnessValue::Kind::kOpaque) continue;
    const logic::VarInfo& info = tm_.var_info(v.var);
    if (info.skolem_kind != logic::SkolemKind::kRet) continue;
    const Vocabulary::SkippedCall* call = vocab_.skipped_call(info.site);
    if (call == nullptr) continue;
    const bool on_a_stand_in = std::any_of(stood_for.begin(), stood_for.end(), [&](const std::string& t) {
      return types_.is_subtype(t, call->callee_owner) != false;
    });
    const bool known = std::any_of(r->stand_in_returns.begin(), r->stand_in_returns.end(), [&](const auto& x) {
      return x.owner == call->callee_owner && x.method == call->callee && x.descriptor == call->callee_descriptor;
    });
    if (on_a_stand_in && !known) {
      r->stand_in_returns.push_back({call->callee_owner, call->callee, call->callee_descriptor, v.value});
    }
  }
}

// The String model's invariant for the strings a precondition reads the
// characters of: a string has a char array (never null) of type char[].
void EntryCheck::AddStringModelInvariants(const Minterm& phi, std::vector<Term>* out) {
  const Term chars = vocab_.string_chars();
  if (chars.is_null() || phi.is_true()) return;
  for (Term t : logic::collect(phi.term(), [&](Term x) { return x.is(logic::TermKind::kRead) && x.arg(0) == chars; })) {
    Term string_null = tm_.mk_eq(t.arg(1), tm_.mk_null());
    Term chars_not_null = tm_.mk_ne(t, tm_.mk_null());
    Term chars_type = tm_.mk_type_of(t);
    Term chars_typed = tm_.mk_eq(chars_type, tm_.mk_type("[C"));
    out->push_back(tm_.mk_or(string_null, tm_.mk_and(chars_not_null, chars_typed)));
  }
}

// For display: `phi` without the String model's facts about literals
// (models/string_model.h), which hold whatever the input.
Minterm EntryCheck::WithoutLiteralFacts(const Minterm& phi) {
  const Term chars = vocab_.string_chars();
  if (chars.is_null()) return phi;
  auto literal_chars = [&](Term t) {
    return t.is(logic::TermKind::kRead) && t.arg(0) == chars && t.arg(1).is(logic::TermKind::kStringLit);
  };
  std::vector<Term> kept;
  for (Term lit : phi) {
    bool fact = logic::free_variables(lit).empty();
    bool about_literal = false;
    logic::for_each_subterm(lit, [&](Term x) {
      if (literal_chars(x)) about_literal = true;
      else if (x.is(logic::TermKind::kRead) && !(tm_.is_length_field(x.arg(0)) && literal_chars(x.arg(1)))) fact = false;
      else if (x.is(logic::TermKind::kARead) && !literal_chars(x.arg(1))) fact = false;
    });
    // s.toCharArray() != null: the String model's invariant for any string.
    const Term compared = lit.is(logic::TermKind::kNot) ? logic::null_compared(lit.arg(0)) : Term();
    const bool chars_non_null = !compared.is_null() &&
                                compared.is(logic::TermKind::kRead) && compared.arg(0) == chars;
    if (!(fact && about_literal) && !chars_non_null) kept.push_back(lit);
  }
  return Minterm::of(tm_, kept);
}

bool EntryCheck::UnsatWithout(const std::vector<Term>& query, Term lit, Term a, Term b, const SolverCall& check) {
  std::vector<Term> q;
  for (Term t : query) {
    if (t != lit) q.push_back(t);
  }
  q.push_back(a);
  q.push_back(b);
  return check(q, /*want_witness=*/false).proves_unsat();
}

Minterm EntryCheck::AsClassConstants(const Minterm& shown, const std::vector<Term>& query, const SolverCall& check,
                                     Term uninitialized) {
  constexpr size_t kMaxDomain = 8;
  std::vector<Term> out;
  for (Term lit : shown) {
    auto unsat_with = [&](Term a, Term b) { return UnsatWithout(query, lit, a, b, check); };
    Term said = lit;
    for (Term type_of : logic::collect(lit, [](Term x) { return x.is(logic::TermKind::kTypeOf); })) {
      const Term x = type_of.arg(0);
      const std::vector<Term> domain = vocab_.class_constant_domain(x, uninitialized);
      if (domain.size() < 2 || domain.size() > kMaxDomain) continue;
      std::vector<Term> holds, fails;
      for (Term c : domain) {
        const Term is_c = tm_.mk_eq(x, c);
        if (unsat_with(is_c, tm_.mk_not(lit))) holds.push_back(c);
        else if (unsat_with(is_c, lit)) fails.push_back(c);
        else break;  // undecided: the literal stays
      }
      if (holds.size() + fails.size() != domain.size() || holds.empty() || fails.empty()) continue;
      std::vector<Term> alternatives;
      if (fails.size() == 1) {
        said = tm_.mk_ne(x, fails[0]);
      } else {
        for (Term c : holds) alternatives.push_back(tm_.mk_eq(x, c));
        said = tm_.mk_or(alternatives);
      }
      break;
    }
    out.push_back(said);
  }
  return Minterm::of(tm_, out);
}

std::optional<std::vector<std::string>> EntryCheck::Overriders(std::string_view cls, std::string_view name,
                                                               std::string_view descriptor) const {
  constexpr size_t kMaxOverriders = 3;
  constexpr int kMaxVisited = 256;
  const classfile::ClassHierarchy& h = vocab_.hierarchy();
  const classfile::ClassId root = h.Find(cls);
  if (!h.Valid(root) || h.IsInterface(root) || h.IsPhantom(root)) return std::nullopt;
  auto root_file = h.Load(root);
  if (!root_file.ok()) return std::nullopt;
  const auto overridden = std::find_if((*root_file)->methods.begin(), (*root_file)->methods.end(),
                                       [&](const auto& m) { return m.name == name && m.descriptor == descriptor; });
  if (overridden == (*root_file)->methods.end()) return std::nullopt;
  std::vector<std::string> out;
  std::vector<classfile::ClassId> work(h.DirectSubclasses(root).begin(), h.DirectSubclasses(root).end());
  int visited = 0;
  while (!work.empty()) {
    const classfile::ClassId d = work.back();
    work.pop_back();
    if (++visited > kMaxVisited || h.IsPhantom(d)) return std::nullopt;
    auto file = h.Load(d);
    if (!file.ok()) return std::nullopt;
    // JVMS 5.4.5: a private method of the same name does not override.
    const bool declares = std::any_of((*file)->methods.begin(), (*file)->methods.end(), [&](const auto& m) {
      return classfile::CanOverride(h, d, m, root, *overridden);
    });
    if (declares) {
      out.emplace_back(h.Name(d));
      if (out.size() > kMaxOverriders) return std::nullopt;
      continue;
    }
    for (classfile::ClassId s : h.DirectSubclasses(d)) work.push_back(s);
  }
  std::sort(out.begin(), out.end());
  return out;
}

Minterm EntryCheck::AsTypeTests(const Minterm& shown, const std::vector<Term>& query, const SolverCall& check) {
  std::vector<Term> out;
  for (Term lit : shown) {
    const bool negated = lit.is(logic::TermKind::kNot);
    const Term eq = negated ? lit.arg(0) : lit;
    Term said = lit;
    if (eq.is(logic::TermKind::kEq)) {
      Term d = eq.arg(0), m = eq.arg(1);
      if (!d.is(logic::TermKind::kDispatch)) std::swap(d, m);
      if (d.is(logic::TermKind::kDispatch) && m.is(logic::TermKind::kMethodConst) &&
          d.arg(0).is(logic::TermKind::kTypeOf)) {
        const Term x = d.arg(0).arg(0);
        const logic::MemberRef method = tm_.method_info(m);
        if (auto below = Overriders(method.owner, method.name, method.descriptor)) {
          std::vector<Term> tests{tm_.mk_instance_of(x, vocab_.type(method.owner))};
          for (const std::string& o : *below) tests.push_back(tm_.mk_not(tm_.mk_instance_of(x, vocab_.type(o))));
          const Term runs = tm_.mk_and(tests);
          const Term candidate = negated ? tm_.mk_not(runs) : runs;
          if (UnsatWithout(query, lit, lit, tm_.mk_not(candidate), check) &&
              UnsatWithout(query, lit, candidate, tm_.mk_not(lit), check)) {
            said = candidate;
          }
        }
      }
    }
    out.push_back(said);
  }
  return Minterm::of(tm_, out);
}

Minterm EntryCheck::WithoutImplied(const Minterm& shown, std::vector<Term> query, const SolverCall& check,
                                   const std::vector<Term>& typing) {
  constexpr int kMaxChecks = 24;
  std::vector<Term> kept(shown.begin(), shown.end());
  int checks = 0;
  auto proves_unsat = [&](const std::vector<Term>& q) {
    std::vector<Term> untyped, typed;
    for (Term t : q) {
      (std::find(typing.begin(), typing.end(), t) == typing.end() ? untyped : typed).push_back(t);
    }
    return ProvedUntypedFirst(std::move(untyped), typed, check);
  };
  for (size_t i = 0; i < kept.size() && kept.size() > 1 && checks < kMaxChecks; ++checks) {
    const Term l = kept[i];
    std::vector<Term> rest;
    for (Term t : query) {
      if (t != l) rest.push_back(t);
    }
    rest.push_back(tm_.mk_not(l));
    if (proves_unsat(rest)) {
      kept.erase(kept.begin() + static_cast<std::ptrdiff_t>(i));
      rest.pop_back();
      query = std::move(rest);  // the later checks do without it too
      continue;
    }
    // `a || b` where the rest contradicts a: b.
    if (l.is(logic::TermKind::kOr)) {
      rest.pop_back();
      std::vector<Term> args;
      for (Term a : l.args()) {
        if (checks >= kMaxChecks) {
          args.push_back(a);
          continue;
        }
        ++checks;
        rest.push_back(a);
        if (!proves_unsat(rest)) args.push_back(a);
        rest.pop_back();
      }
      if (args.size() < l.num_args() && !args.empty()) {
        const Term stronger = tm_.mk_or(args);
        for (Term& t : query) {
          if (t == l) t = stronger;
        }
        kept[i] = stronger;
      }
    }
    ++i;
  }
  return Minterm::of(tm_, kept);
}

// Untyped first: a parameter of an interface type (CharSequence) or of type
// Object[] has so many subtypes that Z3's type domain is cut, and then no
// unsat answer is a proof; a proof without the typing is one with it.
bool EntryCheck::ProvedUntypedFirst(std::vector<Term> facts, const std::vector<Term>& typing,
                                    const SolverCall& check) {
  if (check(facts, /*want_witness=*/false).proves_unsat()) return true;
  if (typing.empty()) return false;
  facts.insert(facts.end(), typing.begin(), typing.end());
  return check(facts, /*want_witness=*/false).proves_unsat();
}

bool EntryCheck::ProvesUnsat(std::vector<Term> facts, Entry entry, const SolverCall& check) {
  const Minterm phi = Minterm::of(tm_, facts);
  if (phi.is_false()) return true;
  const Term all = phi.is_true() ? tm_.mk_true() : phi.term();
  const std::vector<Term> named = phi.is_true() ? std::vector<Term>{} : logic::free_variables(all);
  add_ranges(tm_, vocab_, all, &facts);
  AddStringModelInvariants(phi, &facts);
  for (Term t : vocab_.class_constant_facts(facts)) facts.push_back(t);
  // A skipped call's result is null or of its declared type, as Typing says
  // of a parameter.
  for (Term v : named) {
    const logic::VarInfo& info = tm_.var_info(v);
    if (info.role != logic::VarRole::kSkolem || info.skolem_kind != logic::SkolemKind::kRet || !v.sort().is_ref()) {
      continue;
    }
    const Vocabulary::SkippedCall* call = vocab_.skipped_call(info.site);
    if (call == nullptr) continue;
    absl::StatusOr<classfile::MethodDescriptor> md = classfile::ParseMethodDescriptor(call->callee_descriptor);
    if (!md.ok() || !md->ret.IsReference()) continue;
    const Term typed = tm_.mk_instance_of(v, vocab_.type(md->ret.Descriptor()));
    facts.push_back(tm_.mk_or(tm_.mk_eq(v, tm_.mk_null()), typed));
  }
  // The typing of the parameters the facts name, when the proof needs it.
  std::vector<Term> typing;
  for (Term t : Typing(entry)) {
    const std::vector<Term> of = logic::free_variables(t);
    if (std::any_of(of.begin(), of.end(), [&](Term v) { return std::find(named.begin(), named.end(), v) != named.end(); })) {
      typing.push_back(t);
    }
  }
  return ProvedUntypedFirst(std::move(facts), typing, check);
}

// The check itself: the query is the minterm with the entry's typing, the
// ranges of sub-int values and the String model's invariants.
std::optional<EntryCheck::Found> EntryCheck::Check(const Minterm& phi, Entry entry, const SolverCall& check,
                                                   std::string* why_not, bool with_skolems,
                                                   std::span<const Term> prefer) {
  std::vector<Term> query(phi.begin(), phi.end());
  for (Term t : Typing(entry)) query.push_back(t);
  add_ranges(tm_, vocab_, phi.is_true() ? tm_.mk_true() : phi.term(), &query);
  if (std::string why = vocab_.add_field_values(phi.is_true() ? tm_.mk_true() : phi.term(), Uninitialized(entry), &query);
      !why.empty()) {
    *why_not = std::move(why);
    return std::nullopt;
  }
  AddStringModelInvariants(phi, &query);
  for (Term t : vocab_.class_constant_facts(query)) query.push_back(t);
  // The preferred witness first (the precondition is phi's either way).
  std::vector<Term> asked = query;
  asked.insert(asked.end(), prefer.begin(), prefer.end());
  solver::CheckResult r = check(asked, /*want_witness=*/true);
  if (!prefer.empty() && r.answer != solver::SatAnswer::kSat) {
    asked = query;
    r = check(asked, /*want_witness=*/true);
  }
  if (r.answer == solver::SatAnswer::kSat && r.witness && too_large_for_a_witness(*r.witness)) {
    // A model with an array no JVM allocates: ask for one with small
    // arrays (the precondition stays the same; only the witness changes).
    const std::vector<Term> lengths = logic::collect(phi.is_true() ? tm_.mk_true() : phi.term(), [&](Term x) {
      return x.is(logic::TermKind::kRead) && tm_.is_length_field(x.arg(0));
    });
    auto at_most = [&](int32_t n) {
      std::vector<Term> q = asked;
      for (Term t : lengths) q.push_back(tm_.mk_le(t, tm_.mk_int(n)));
      return q;
    };
    solver::CheckResult again = check(at_most(kMaxWitnessArrayLength), /*want_witness=*/true);
    if (again.answer == solver::SatAnswer::kSat && again.witness) {
      r = std::move(again);
    } else if (again.answer == solver::SatAnswer::kUnsat) {
      // Within what the witness runner builds, then; none: every model needs
      // a larger array (a sum of lengths that wraps), which nothing can run.
      solver::CheckResult within = check(at_most(kMaxRunnerArrayLength), /*want_witness=*/true);
      if (within.answer == solver::SatAnswer::kUnsat) {
        *why_not = Cat("no witness the JVM can run: every model needs an array of more than ",
                       kMaxRunnerArrayLength, " elements");
        return std::nullopt;
      }
      if (within.answer == solver::SatAnswer::kSat && within.witness) r = std::move(within);
    }
  }
  // The solver's assumptions: a cut type domain can only turn sat into
  // unsat (so an unsat answer is not a proof); an uninterpreted operation
  // (Java's float remainder) can make a model that the JVM does not follow.
  if (r.answer == solver::SatAnswer::kUnsat) {
    *why_not = r.type_domain_cut ? "solver: unsat only within a cut type domain (too many concrete subtypes)" : "";
    return std::nullopt;
  }
  if (r.answer == solver::SatAnswer::kUnknown) {
    *why_not = absl::StrCat("solver unknown: ", r.reason);
    return std::nullopt;
  }
  if (!r.uninterpreted.empty()) {
    *why_not = absl::StrCat("not modelled exactly: ", r.uninterpreted.front());
    return std::nullopt;
  }
  if (r.witness && !r.witness->type_errors.empty()) {
    *why_not = Cat("internal: the solver's model breaks a declared type: ", r.witness->type_errors.front());
    return std::nullopt;
  }
  // The entry constructor's receiver, which `new` has just made: its
  // fields hold their defaults ("" when the entry is no constructor).
  std::string uninit;
  if (const Term u = Uninitialized(entry); !u.is_null() && r.witness) {
    for (const solver::WitnessVariable& v : r.witness->variables) {
      if (v.var == u && v.value.kind == solver::WitnessValue::Kind::kRef) uninit = v.value.object;
    }
  }
  if (r.witness) {
    // The fields the formula does not read hold what their class's code
    // leaves there, not the runner's defaults (witness_completion.h).
    if (with_skolems) ForgetWhatNoObjectHas(types_, &*r.witness);
    CompleteFields(vocab_, types_, &*r.witness, uninit);
  }
  std::optional<Replay> witness;
  if (r.witness && (r.witness->replayable || with_skolems)) witness = WitnessOf(*r.witness, entry);
  if (witness) {
    if (std::string broken = vocab_.breaks_field_facts(*r.witness, uninit); !broken.empty()) {
      *why_not = Cat("internal: the solver's model breaks a field fact: ", broken);
      return std::nullopt;
    }
    witness->field_facts = vocab_.field_fact_checks(*r.witness, uninit);
  }
  if (!witness) {
    *why_not = "the solver's model could not be turned into a witness";
    return std::nullopt;
  }
  // The receiver's class must not override the entry: said in the
  // precondition too, since a reader could pick such a class otherwise.
  Minterm shown = WithoutLiteralFacts(phi);
  // σ_exc == null: a passed call returns normally, as every assumption says.
  auto returns_normally = [&](Term lit) {
    const Term v = logic::null_compared(lit);
    return !v.is_null() && v.is_var() && tm_.var_info(v).role == logic::VarRole::kSkolem &&
           tm_.var_info(v).skolem_kind == logic::SkolemKind::kExc;
  };
  // σ_method == m (or == dispatch(typeOf(x), sig) of an input x): which
  // method a passed call ran, which the type of its receiver decides (a
  // literal of its own when the receiver is a call's result).
  auto is_target = [&](Term v) {
    return v.is_var() && tm_.var_info(v).role == logic::VarRole::kSkolem &&
           tm_.var_info(v).skolem_kind == logic::SkolemKind::kMethod;
  };
  auto names_target = [&](Term lit) {
    if (!lit.is(logic::TermKind::kEq)) return false;
    return (is_target(lit.arg(0)) && !logic::mentions_skolem(lit.arg(1))) ||
           (is_target(lit.arg(1)) && !logic::mentions_skolem(lit.arg(0)));
  };
  std::vector<std::string> assumed;
  if (with_skolems) {
    // A candidate's precondition is said over the inputs; what it assumed
    // of the calls it passed is said apart (Found::assumed).
    std::vector<Term> inputs;
    for (Term lit : shown) {
      if (!logic::mentions_skolem(lit)) {
        inputs.push_back(lit);
      } else if (!returns_normally(lit) && !vocab_.is_result_fact(lit) && !names_target(lit)) {
        assumed.push_back(logic::to_java(tm_, Minterm::of(tm_, {lit})));
      }
    }
    shown = Minterm::of(tm_, inputs);
  }
  if (drop_implied_) {
    // A candidate's literals over its calls' results are no facts about its
    // inputs: only that the calls return normally (the proviso) stays.
    std::vector<Term> facts;
    for (Term t : query) {
      if (!logic::mentions_skolem(t) || returns_normally(t)) facts.push_back(t);
    }
    shown = WithoutImplied(shown, std::move(facts), check, Typing(entry));
  }
  {
    std::vector<Term> facts;
    for (Term t : query) {
      if (!logic::mentions_skolem(t)) facts.push_back(t);
    }
    shown = AsClassConstants(shown, facts, check, Uninitialized(entry));
    shown = AsTypeTests(shown, facts, check);
  }
  if (Term d = Dispatch(entry); !d.is_null()) shown = logic::conjoin(tm_, shown, d);
  return Found{logic::to_java(tm_, shown), logic::to_smtlib(tm_, query), std::move(*witness),
               phi.is_true() ? std::vector<std::string>{} : vocab_.static_inputs(phi.term()), std::move(assumed),
               shown, shown.is_true() ? std::vector<std::string>{} : vocab_.internal_state(shown.term())};
}

}  // namespace jwp::wp

namespace jwp::wp::internal {

Minterm WpProblem::without_cached_boxes(const Minterm& phi) {
  // Not with summaries but without generalization: then a caller's
  // literals about a box enter a callee whole, and a summary's application
  // renames the box's skolem there (fresh_skolems), so the literal that
  // gives its value could name another skolem than the one it is about.
  // (With generalization the box enters a callee only as a generic, defined
  // in the framed part.)
  if (opt_.summaries && !opt_.generalize) return phi;
  if (cached_box_sites_.empty() || phi.is_true() || phi.is_false() || !logic::mentions_skolem(phi)) return phi;
  struct Box {
    Term sk;
    CachedBox box;
    Term field;  // the box class's `value` field map
    Term value;  // the box's value
  };
  std::vector<Box> boxes;
  for (Term v : logic::free_variables(phi)) {
    const logic::VarInfo& info = tm_.var_info(v);
    if (info.role != logic::VarRole::kSkolem) continue;
    auto it = cached_box_sites_.find(info.site);
    if (it == cached_box_sites_.end()) continue;
    const Term field = vocab_.field(it->second.cls, "value", it->second.descriptor);
    // Its value: from a literal read(value, v) == t.
    for (Term lit : phi) {
      if (!lit.is(logic::TermKind::kEq)) continue;
      const int side = reads_box_value(lit.arg(0), v, field) ? 0 : reads_box_value(lit.arg(1), v, field) ? 1 : -1;
      if (side < 0 || logic::mentions_skolem(lit.arg(1 - side))) continue;
      boxes.push_back(Box{v, it->second, field, lit.arg(1 - side)});
      break;
    }
  }
  if (boxes.empty()) return phi;
  Term body = phi.term();
  for (const Box& b : boxes) {
    body = cached_box_reads(tm_, body, b.sk, b.value, b.field, tm_.mk_type(b.box.cls));
    body = logic::substitute(tm_, body, tm_.mk_ne(b.sk, tm_.mk_null()), tm_.mk_true());
  }
  if (body == phi.term()) return phi;
  auto dnf = logic::to_dnf(tm_, body, 2);
  if (!dnf.ok() || dnf->size() != 1) return phi;
  return opt_.simplify ? simplifier_.simplify((*dnf)[0]) : (*dnf)[0];
}

// A parameter the minterm needs to be an object (`p != null`, its typeOf)
// whose declared type no class on the class path implements or extends
// and that has no stand-in (types/stand_ins.h: a type a caller can
// implement has one, and the solver gives the parameter that class): the
// solver's types are the class path's (DESIGN.md, "Types"), so it would
// answer unsat, yet some caller's class may exist. The minterm proves
// nothing either way: its reason names the parameter ("" when there is
// none). Without this a library method `if (l != null) return 10 / y;`
// was NOT_FOUND.
std::string WpProblem::input_without_a_class(const Minterm& phi, const Activation& a) {
  if (phi.is_true()) return "";
  const ir::MethodIR& ir = *a.ir;
  for (size_t i = ir.is_static ? 0 : 1; i < ir.params.size(); ++i) {
    const ir::Value& val = ir.values[ir.params[i]];
    const std::string_view d = val.type.descriptor;
    if (d.size() < 3 || d.front() != 'L') continue;
    const Term p = a.tr->var(ir.params[i]);
    bool needs_object = std::any_of(phi.begin(), phi.end(), [&](Term lit) {
      return lit.is(logic::TermKind::kNot) && logic::null_compared(lit.arg(0)) == p;
    });
    if (!needs_object) {
      logic::for_each_subterm(phi.term(), [&](Term x) {
        if (x.is(logic::TermKind::kTypeOf) && x.arg(0) == p) needs_object = true;
      });
    }
    if (!needs_object) continue;
    const std::string type(d.substr(1, d.size() - 2));
    const types::TypeFacts::TypeList subs = types_.concrete_subtypes(type, 1);
    if (!subs.types.empty() || !types_.is_known(type)) continue;
    return Cat("open world: the precondition needs parameter ", i + (ir.is_static ? 1 : 0), " (", dotted(type),
               ") to be an object, and no class on the class path implements or extends it; jwp has no stand-in "
               "for it (a JDK abstract class, a sealed type, or no constructor a subclass could call)");
  }
  return "";
}

// At the entry no input has been read (wp/inputs.cc): the count of those
// read is 0, and each input's position is a number.
Minterm WpProblem::no_inputs_read(const Minterm& phi) {
  if (opt_.inputs.empty() || phi.is_true() || phi.is_false()) return phi;
  const Term read = vocab_.inputs_read();
  if (!logic::mentions(phi, read)) return phi;
  const Term body = logic::substitute(tm_, phi.term(), read, tm_.mk_int(0));
  auto dnf = logic::to_dnf(tm_, body, 2);
  if (dnf.ok() && dnf->empty()) return Minterm::from_term(tm_.mk_false());
  if (!dnf.ok() || dnf->size() != 1) {
    // (A constant for a variable leaves a conjunction of literals one.)
    note("incomplete: a minterm whose inputs' positions did not stay one conjunction was dropped");
    return Minterm::from_term(tm_.mk_false());
  }
  return opt_.simplify ? simplifier_.simplify((*dnf)[0]) : (*dnf)[0];
}

bool WpProblem::at_entry(const Item& item) {
  // (What is known of static finals and the current thread was put in by
  // push: Vocabulary::with_global_facts.)
  const Minterm phi = no_inputs_read(without_cached_boxes(item.phi));
  if (phi.is_false()) return false;
  if (ph_.result.stats.first_entry_steps == 0) {
    ph_.result.stats.first_entry_steps = std::max<uint64_t>(1, used_.steps + ph_.result.stats.steps);
  }
  // Optimistic calls: a minterm that passed calls optimistically is a
  // candidate for the JVM, never a demand on directed construction nor a
  // reason for an UNKNOWN (its exact sibling goes on: optimistic.cc).
  if (is_optimistic(phi)) {
    queue_candidate(item, phi);
    return false;
  }
  if (logic::mentions_skolem(phi)) {
    // A skipped call on every path of this minterm. When one of them may be
    // expanded by directed construction, the minterm waits for the end of
    // the phase; otherwise name the calls.
    for (Term v : logic::free_variables(phi)) {
      const logic::VarInfo& info = tm_.var_info(v);
      if (info.role == logic::VarRole::kSkolem && directed_.IsSite(info.site)) {
        if (!directed_.Wait(phi, item.at.act)) note("budget: too many minterms wait for directed call-graph expansion");
        return false;
      }
    }
    // Optimistic calls: a candidate for the JVM. A minterm that passed
    // calls optimistically has an exact sibling (which notes what it
    // skips); the others name the calls they skipped.
    if (optimistic_) queue_candidate(item, phi);
    for (Term v : logic::free_variables(phi)) {
      const logic::VarInfo& info = tm_.var_info(v);
      if (info.role != logic::VarRole::kSkolem) continue;
      note(vocab_.call_site_text(info.site));
    }
    return false;
  }
  // The fields of string literals are the JVM's (value, coder, hash): not
  // inputs. Strings are modelled by issue #7.
  bool string_internals = false;
  for (Term t : logic::collect(phi.is_true() ? tm_.mk_true() : phi.term(),
                               [](Term x) { return x.is(logic::TermKind::kRead); })) {
    if (t.arg(1).is(logic::TermKind::kStringLit) && !tm_.is_length_field(t.arg(0)) &&
        t.arg(0) != vocab_.string_chars()) {
      string_internals = true;
    }
  }
  if (string_internals) {
    note("unsupported: the precondition constrains the fields of a string literal (String is modelled by issue #7)");
    return false;
  }
  // A class constant is the object its class initializer made: what the
  // minterm needs of its fields is not an input, and not known here. The
  // JVM can tell (the runner checks them): a candidate, not a precondition.
  for (Term t : logic::collect(phi.is_true() ? tm_.mk_true() : phi.term(), [](Term x) {
         return x.is(logic::TermKind::kRead) || x.is(logic::TermKind::kARead);
       })) {
    const Term object = t.arg(1);
    const Vocabulary::ClassConstant* c = object.is_var() ? vocab_.class_constant_of(object) : nullptr;
    if (c == nullptr) continue;
    if (optimistic_) queue_candidate(item, phi);
    note(Cat("the state of class constant ", logic::to_java(tm_, object), " (made by its class initializer) is needed"));
    return false;
  }
  if (std::string why = input_without_a_class(phi, acts_[item.at.act]); !why.empty()) {
    note(std::move(why));
    return false;
  }
  if (used_.entry_checks + ph_.result.stats.entry_checks >= opt_.max_entry_checks) {
    note("budget: too many final checks");
    return false;
  }
  ++ph_.result.stats.entry_checks;
  const Activation& entry_act = acts_[item.at.act];
  std::string why_not;
  std::optional<EntryCheck::Found> found = entry_check_.Check(
      phi, entry(entry_act), [this](std::span<const Term> q, bool w) { return check(q, w); }, &why_not);
  if (!found) {
    if (!why_not.empty()) note(std::move(why_not));
    return false;
  }
  if (opt_.max_preconditions > 1) return collect_found(item, std::move(*found));
  fill_found(item, std::move(*found), &ph_.result);
  return true;
}

void WpProblem::fill_found(const Item& item, EntryCheck::Found found, Result* r) {
  const Activation& entry_act = acts_[item.at.act];
  r->verdict = Verdict::kFound;
  r->precondition = std::move(found.precondition);
  r->smtlib = std::move(found.smtlib);
  for (int32_t n = item.path; n >= 0; n = nodes_[n].parent) {
    const PathNode& node = nodes_[n];
    if (r->path.empty() || r->path.back() != node.line) r->path.push_back(node.line);
    const ir::MethodIR& m = *acts_[node.act].ir;
    std::vector<Result::PathStep>& steps = r->path_steps;
    if (steps.empty() || steps.back().line != node.line || steps.back().method != m.method_name ||
        steps.back().class_name != m.class_name) {
      steps.push_back({std::string(m.class_name), std::string(m.method_name), node.line});
    }
  }
  const GoalSite& site = goal_.sites[item.site];
  r->goal_bci = site.bci;
  r->goal_line = site.line;
  const ir::Instruction& goal_insn = ir_.insns[site.insn];
  r->goal_via_call = site.edge != ir::kNone && goal_insn.op == ir::Op::kInvoke &&
                             goal_insn.invoke != ir::InvokeKind::kDynamic &&
                             ir_.edges[site.edge].thrown != "java/lang/NullPointerException";
  r->witness = std::move(found.witness);
  r->static_inputs = std::move(found.static_inputs);
  r->internal_state = std::move(found.internal_state);
  r->entry = Cat(dotted(std::string(entry_act.ir->class_name)), ".", entry_act.ir->method_name,
                      entry_act.ir->method_descriptor);
  std::vector<std::string> assumed;
  for (int32_t n = item.assume; n >= 0; n = assume_nodes_[n].parent) {
    assumed.push_back(assumption_texts_[assume_nodes_[n].text]);
  }
  r->assumptions.insert(r->assumptions.end(), assumed.rbegin(), assumed.rend());
  if (r->witness) {
    std::vector<std::string> stand_ins = entry_check_.StandInAssumptions(*r->witness);
    r->assumptions.insert(r->assumptions.end(), stand_ins.begin(), stand_ins.end());
  }
}

}  // namespace jwp::wp::internal
