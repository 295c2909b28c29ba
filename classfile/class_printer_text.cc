// javap's string handling (com.sun.tools.javap.ConstantWriter) and line
// layout (BasicWriter.LineWriter) for the class printer.
#include <cstdio>

#include "classfile/internal/class_printer_text.h"

namespace jwp::classfile::printer_internal {

uint32_t NextCodePoint(std::string_view s, size_t* i) {
  const auto byte = [&](size_t k) { return static_cast<uint8_t>(s[k]); };
  const size_t n = s.size();
  const uint8_t b0 = byte(*i);
  auto cont = [&](size_t k) { return k < n && (byte(k) & 0xC0) == 0x80; };
  if (b0 < 0x80) {
    *i += 1;
    return b0;
  }
  if ((b0 & 0xE0) == 0xC0 && cont(*i + 1)) {
    uint32_t cp = ((b0 & 0x1Fu) << 6) | (byte(*i + 1) & 0x3Fu);
    *i += 2;
    return cp;
  }
  if ((b0 & 0xF0) == 0xE0 && cont(*i + 1) && cont(*i + 2)) {
    uint32_t cp = ((b0 & 0x0Fu) << 12) | ((byte(*i + 1) & 0x3Fu) << 6) | (byte(*i + 2) & 0x3Fu);
    *i += 3;
    return cp;
  }
  if ((b0 & 0xF8) == 0xF0 && cont(*i + 1) && cont(*i + 2) && cont(*i + 3)) {
    uint32_t cp = ((b0 & 0x07u) << 18) | ((byte(*i + 1) & 0x3Fu) << 12) |
                  ((byte(*i + 2) & 0x3Fu) << 6) | (byte(*i + 3) & 0x3Fu);
    *i += 4;
    return cp;
  }
  *i += 1;
  return b0;
}

size_t Utf16Length(std::string_view s) {
  size_t units = 0;
  for (size_t i = 0; i < s.size();) units += NextCodePoint(s, &i) >= 0x10000 ? 2 : 1;
  return units;
}

namespace {

bool IsSurrogate(uint32_t cp) { return cp >= 0xD800 && cp <= 0xDFFF; }

// Java's Character.isISOControl.
bool IsIsoControl(uint32_t cp) { return cp <= 0x1F || (cp >= 0x7F && cp <= 0x9F); }

}  // namespace

std::string ForOutput(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    size_t start = i;
    uint32_t cp = NextCodePoint(s, &i);
    if (IsSurrogate(cp)) {
      out += '?';
    } else {
      out.append(s.substr(start, i - start));
    }
  }
  return out;
}

std::string EscapeUtf8Constant(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    size_t start = i;
    uint32_t cp = NextCodePoint(s, &i);
    switch (cp) {
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '"': out += "\\\""; break;
      case '\'': out += "\\'"; break;
      case '\\': out += "\\\\"; break;
      default:
        if (IsIsoControl(cp)) {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\u%04x", cp);
          out += buf;
        } else {
          out.append(s.substr(start, i - start));
        }
    }
  }
  return out;
}

std::string CheckName(std::string_view name) {
  if (name.empty()) return "\"\"";
  bool ok = true;
  uint32_t cc = '/';
  for (size_t i = 0; i < name.size();) {
    uint32_t cp = NextCodePoint(name, &i);
    if ((cc == '/' && !IsJavaIdentifierStart(cp)) || (cp != '/' && !IsJavaIdentifierPart(cp))) {
      ok = false;
      break;
    }
    cc = cp;
  }
  if (ok) return std::string(name);
  std::string out = "\"";
  for (char c : name) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '"': out += "\\\""; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default: out += c;
    }
  }
  out += '"';
  return out;
}

void LineWriter::Print(std::string_view s) {
  if (pending_newline_) {
    Println();
    pending_newline_ = false;
  }
  for (size_t i = 0; i < s.size();) {
    size_t start = i;
    uint32_t cp = NextCodePoint(s, &i);
    if (cp == ' ') {
      ++pending_spaces_;
    } else if (cp == '\n') {
      Println();
    } else {
      if (buffer_units_ == 0) pending_spaces_ += indent_count_ * kIndentWidth;
      buffer_.append(pending_spaces_, ' ');
      buffer_units_ += pending_spaces_;
      pending_spaces_ = 0;
      if (IsSurrogate(cp)) {
        buffer_ += '?';  // an unpaired surrogate, as Java's UTF-8 encoder writes it
      } else {
        buffer_.append(s.substr(start, i - start));
      }
      buffer_units_ += cp >= 0x10000 ? 2 : 1;
    }
  }
}

void LineWriter::Println() {
  pending_spaces_ = 0;  // a line never ends in spaces
  buffer_ += '\n';
  out_ << buffer_;
  buffer_.clear();
  buffer_units_ = 0;
}

void LineWriter::Tab() {
  const size_t col = static_cast<size_t>(indent_count_ * kIndentWidth + kTabColumn);
  pending_spaces_ += static_cast<int>(col <= buffer_units_ ? 1 : col - buffer_units_);
}

}  // namespace jwp::classfile::printer_internal
