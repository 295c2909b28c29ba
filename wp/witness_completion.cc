// Witness completion (witness_completion.h): the fields a witness's
// objects do not set get values their class's code leaves there.
#include "wp/witness_completion.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absint/field_facts.h"
#include "classfile/class_hierarchy.h"
#include "classfile/strings.h"
#include "types/stand_ins.h"

namespace jwp::wp {

namespace {

using absint::FieldValue;
using solver::WitnessValue;

// The JDK's everyday implementations (a witness builds them without
// running a constructor; a class picked at random among the JDK's
// internals rarely survives that), and the default file system's path.
constexpr std::pair<std::string_view, std::string_view> kEverydayClass[] = {
    {"java/util/Map", "java/util/HashMap"},         {"java/util/List", "java/util/ArrayList"},
    {"java/util/Collection", "java/util/ArrayList"}, {"java/lang/Iterable", "java/util/ArrayList"},
    {"java/util/Set", "java/util/HashSet"},         {"java/util/Queue", "java/util/ArrayDeque"},
    {"java/util/Deque", "java/util/ArrayDeque"},    {"java/lang/CharSequence", "java/lang/String"},
    {"java/nio/file/Path", "sun/nio/fs/UnixPath"},
};

// The instance fields of class `type` and its superclasses; max when one
// cannot be read.
size_t InstanceFields(const classfile::ClassHierarchy& h, std::string_view type) {
  size_t n = 0;
  for (classfile::ClassId c = h.Find(type); c != classfile::kNoClass; c = h.Super(c)) {
    absl::StatusOr<const classfile::ClassFile*> cf = h.Load(c);
    if (!cf.ok()) return std::numeric_limits<size_t>::max();
    for (const classfile::FieldInfo& f : (*cf)->fields) n += (f.access_flags & classfile::access::kStatic) ? 0 : 1;
  }
  return n;
}

// Whether `text` is a string literal the witness can carry as it is
// (printable ASCII: modified UTF-8 and UTF-8 agree).
bool PlainAscii(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return c >= 0x20 && c < 0x7f; });
}

class Completion {
 public:
  Completion(Vocabulary& vocab, const types::TypeFacts& types, solver::Witness* w)
      : vocab_(vocab), h_(vocab.hierarchy()), types_(types), w_(*w) {
    for (const solver::WitnessObject& o : w_.objects) {
      if (o.id.size() > 1 && o.id[0] == 'o' && std::all_of(o.id.begin() + 1, o.id.end(), ::isdigit)) {
        next_id_ = std::max(next_id_, std::stoi(o.id.substr(1)) + 1);
      }
      for (const solver::WitnessField& f : o.fields) NoteHolder(f.value, o.id);
      for (const solver::WitnessElement& e : o.elements) NoteHolder(e.value, o.id);
    }
  }

  // Whether object `o` is one completion fills.
  bool Completes(const solver::WitnessObject& o) const {
    return !o.type.empty() && o.type[0] != '[' && !o.string_value && !o.class_literal && !o.static_value &&
           !types::IsJdkPackage(o.type) && !types::StandInFor(o.type) && h_.Find(o.type) != classfile::kNoClass;
  }

  // The fields of `o` (of its class and superclasses) that it does not set
  // and whose facts exclude their default, each with a value they allow.
  std::vector<solver::WitnessField> Fill(const solver::WitnessObject& o) {
    std::vector<solver::WitnessField> out;
    for (classfile::ClassId c = h_.Find(o.type); c != classfile::kNoClass; c = h_.Super(c)) {
      absl::StatusOr<const classfile::ClassFile*> cf = h_.Load(c);
      if (!cf.ok()) break;
      const std::string owner((*cf)->this_class);
      for (const classfile::FieldInfo& f : (*cf)->fields) {
        if ((f.access_flags & classfile::access::kStatic) || Sets(o, f)) continue;
        const std::optional<FieldValue> def = FieldValue::Default(f.descriptor);
        const absint::FieldFact& fact = vocab_.field_facts()->Of(owner, f.name, f.descriptor);
        const std::vector<FieldValue>& values = !fact.constructed.empty() ? fact.constructed : fact.initialized;
        if (!def || values.empty() || std::find(values.begin(), values.end(), *def) != values.end()) continue;
        if (std::optional<WitnessValue> v = ValueOf(values, o.id)) {
          out.push_back({vocab_.field(owner, f.name, f.descriptor), owner, std::string(f.name),
                         std::string(f.descriptor), std::move(*v)});
        }
      }
    }
    return out;
  }

 private:
  static bool Sets(const solver::WitnessObject& o, const classfile::FieldInfo& f) {
    return std::any_of(o.fields.begin(), o.fields.end(), [&](const solver::WitnessField& x) {
      return x.name == f.name && x.descriptor == f.descriptor;
    });
  }

  // Notes that object `holder` holds `v` (when it is an object) in a field
  // or element; the first holder the witness lists is kept.
  void NoteHolder(const WitnessValue& v, const std::string& holder) {
    if (v.kind == WitnessValue::Kind::kRef && !v.object.empty()) holder_.try_emplace(v.object, holder);
  }

  // The closest object that holds object `id`, directly or through objects
  // that hold it (at most kMaxHolderLevels up), of a class of which `v` (a
  // kObject that is not exact and not an Object) allows an instance: a
  // back reference (Segment.map, an inner class's this$0) is most likely
  // to the object that holds this one. "" when there is none.
  std::string HolderFor(const std::string& id, const FieldValue& v) const {
    constexpr int kMaxHolderLevels = 4;
    if (v.exact || v.text.empty() || v.text[0] == '[' || v.text == "java/lang/Object") return "";
    std::string at = id;
    for (int level = 0; level < kMaxHolderLevels; ++level) {
      auto it = holder_.find(at);
      if (it == holder_.end() || it->second == id) return "";
      at = it->second;
      const solver::WitnessObject* o = w_.find_object(at);
      if (o == nullptr) return "";
      if (!o->type.empty() && o->type[0] != '[' && h_.IsSubtype(o->type, v.text) == classfile::Tristate::kYes) {
        return at;
      }
    }
    return "";
  }

  // The first of `values` the witness can hold for a field of object
  // `holder`: a constant, an object that holds `holder` (above), or a new
  // object.
  std::optional<WitnessValue> ValueOf(const std::vector<FieldValue>& values, const std::string& holder) {
    for (const FieldValue& v : values) {
      WitnessValue out;
      switch (v.kind) {
        case FieldValue::kInt:
          out.kind = WitnessValue::Kind::kInt;
          out.integral = v.i;
          return out;
        case FieldValue::kLong:
          out.kind = WitnessValue::Kind::kLong;
          out.integral = v.i;
          return out;
        case FieldValue::kString:
          if (!PlainAscii(v.text)) break;
          if (std::optional<std::string> id = NewObject("java/lang/String", v.text)) {
            out.kind = WitnessValue::Kind::kRef;
            out.object = *id;
            return out;
          }
          break;
        case FieldValue::kObject: {
          if (std::string back = HolderFor(holder, v); !back.empty()) {
            out.kind = WitnessValue::Kind::kRef;
            out.object = std::move(back);
            return out;
          }
          const std::string cls = ClassFor(v);
          if (cls.empty()) break;
          // A string only known to be non-null: a short, non-empty one, as
          // a constructor's checks would most likely take.
          if (std::optional<std::string> id = NewObject(cls, "text")) {
            // A new object of exactly its class is the holder's own (a
            // part it makes); another (an outer instance, a backing map)
            // is one the holder refers to, and holds nothing of it.
            if (v.exact) holder_.try_emplace(*id, holder);
            out.kind = WitnessValue::Kind::kRef;
            out.object = *id;
            return out;
          }
          break;
        }
        case FieldValue::kNull: case FieldValue::kStatic:
          break;
      }
    }
    return std::nullopt;
  }

  // A class of which a new object is value `v` (a kObject): "" when none
  // can be had.
  std::string ClassFor(const FieldValue& v) const {
    if (!v.text.empty() && v.text[0] == '[') return v.text;  // an empty array
    auto usable = [&](std::string_view c) {
      return types_.is_instantiable(c) && !types::StandInFor(c) && h_.Find(c) != classfile::kNoClass &&
             h_.IsSubtype(c, "java/lang/Enum") == classfile::Tristate::kNo;
    };
    if (usable(v.text)) return v.text;
    if (v.exact) return "";
    if (std::string_view e = EverydayClass(v.text); !e.empty() && usable(e)) return std::string(e);
    std::string best;
    size_t fewest = std::numeric_limits<size_t>::max();
    for (const std::string& c : types_.concrete_subtypes(v.text, 64).types) {
      if (!usable(c)) continue;
      if (const size_t n = InstanceFields(h_, c); n < fewest) {
        best = c;
        fewest = n;
      }
    }
    return best;
  }

  // A new witness object of class `cls` (a string's text, an array's
  // length 0); nullopt past kMaxCompletedObjects.
  std::optional<std::string> NewObject(const std::string& cls, const std::string& text) {
    if (added_ >= kMaxCompletedObjects) return std::nullopt;
    ++added_;
    solver::WitnessObject o;
    o.id = Cat("o", next_id_++);
    o.type = cls;
    if (cls[0] == '[') o.length = 0;
    if (cls == "java/lang/String") o.string_value = text;
    w_.objects.push_back(std::move(o));
    return w_.objects.back().id;
  }

  Vocabulary& vocab_;
  const classfile::ClassHierarchy& h_;
  const types::TypeFacts& types_;
  solver::Witness& w_;
  int next_id_ = 1;
  size_t added_ = 0;
  std::map<std::string, std::string> holder_;  // object id -> the first object that holds it
};

}  // namespace

std::string_view EverydayClass(std::string_view type) {
  for (const auto& [declared, everyday] : kEverydayClass) {
    if (declared == type) return everyday;
  }
  return "";
}

void CompleteFields(Vocabulary& vocab, const types::TypeFacts& types, solver::Witness* w,
                    std::string_view uninitialized) {
  if (vocab.field_facts() == nullptr) return;
  std::set<std::string> constants;  // the objects class constants hold: their class initializer's
  for (const solver::WitnessVariable& v : w->variables) {
    if (v.value.kind == WitnessValue::Kind::kRef && vocab.class_constant_of(v.var) != nullptr) {
      constants.insert(v.value.object);
    }
  }
  Completion completion(vocab, types, w);
  // By index: the objects completion makes are completed in turn.
  for (size_t i = 0; i < w->objects.size(); ++i) {
    if (w->objects[i].id == uninitialized || constants.contains(w->objects[i].id) ||
        !completion.Completes(w->objects[i])) {
      continue;
    }
    const solver::WitnessObject o = w->objects[i];
    std::vector<solver::WitnessField> filled = completion.Fill(o);
    std::move(filled.begin(), filled.end(), std::back_inserter(w->objects[i].fields));
  }
}

void ForgetWhatNoObjectHas(const types::TypeFacts& types, solver::Witness* w) {
  for (solver::WitnessObject& o : w->objects) {
    if (o.type.empty()) continue;
    if (o.type[0] == '[') {
      o.fields.clear();
    } else {
      o.length.reset();
      o.elements.clear();
      std::erase_if(o.fields, [&](const solver::WitnessField& f) {
        return !f.owner.empty() && types.is_subtype(o.type, f.owner) == false;
      });
    }
  }
}

}  // namespace jwp::wp
