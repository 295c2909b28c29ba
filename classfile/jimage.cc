// Reader for the JDK's jimage container; see jimage.h for the layout.
// Structure follows OpenJDK's BasicImageReader (lookup, location decoding)
// and jdk.internal.jimage.decompressor (Decompressor, ZipDecompressor,
// StringSharingDecompressor, CompressIndexes, CompressedResourceHeader).
// Departures: every offset is bounds-checked (the JDK trusts its own file),
// all locations are decoded once in Open, and a compressed resource whose
// decompressed size differs from its location's UNCOMPRESSED is an error.
#include "classfile/jimage.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstring>
#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace jwp::classfile {
namespace {

constexpr uint32_t kMagic = 0xCAFEDADA;
constexpr uint64_t kHeaderSize = 7 * 4;
constexpr uint16_t kMajorVersion = 1;

// ImageStringsReader.HASH_MULTIPLIER / POSITIVE_MASK.
constexpr uint32_t kHashMultiplier = 0x01000193;
constexpr uint32_t kPositiveMask = 0x7FFFFFFF;

// ImageLocation.ATTRIBUTE_*: each attribute is a byte kind << 3 | (length - 1)
// followed by `length` big-endian value bytes; a byte <= 7 ends the stream.
enum AttributeKind : uint8_t {
  kAttributeEnd = 0,
  kAttributeModule = 1,
  kAttributeParent = 2,
  kAttributeBase = 3,
  kAttributeExtension = 4,
  kAttributeOffset = 5,
  kAttributeCompressed = 6,
  kAttributeUncompressed = 7,
  kAttributeCount = 8,
};

// CompressedResourceHeader: u4 magic, u8 compressed size, u8 uncompressed
// size, u4 decompressor name (strings offset), u4 config (unused),
// u1 is_terminal; in the image's byte order.
constexpr uint32_t kResourceHeaderMagic = 0xCAFEFAFA;
constexpr size_t kResourceHeaderSize = 29;
// The JDK's writer stacks at most two (compact-cp under zip); allow a few
// more, but bound the loop so crafted data cannot chain forever.
constexpr int kMaxDecompressorStages = 8;
// BasicImageReader rejects sizes above Integer.MAX_VALUE; so do we.
constexpr uint64_t kMaxResourceSize = 0x7FFFFFFF;
// Deflate cannot expand by more than about 1032:1.
constexpr uint64_t kMaxDeflateRatio = 1032;

uint32_t Load4(const uint8_t* p, bool big_endian) {
  if (big_endian) {
    return uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 |
           uint32_t{p[3]};
  }
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 |
         uint32_t{p[3]} << 24;
}

uint64_t Load8(const uint8_t* p, bool big_endian) {
  uint64_t first = Load4(p, big_endian);
  uint64_t second = Load4(p + 4, big_endian);
  return big_endian ? (first << 32 | second) : (second << 32 | first);
}

// ImageStringsReader.unmaskedHashCode over the (modified UTF-8) bytes of the
// name; for ASCII this is the JDK's char-wise hash, and for other characters
// the JDK hashes exactly these bytes too.
uint32_t HashBytes(std::string_view s, uint32_t seed) {
  for (unsigned char c : s) seed = (seed * kHashMultiplier) ^ c;
  return seed;
}

// Hash of "/module/path" without building the string.
uint32_t HashFullName(std::string_view module, std::string_view path,
                      uint32_t seed) {
  seed = HashBytes("/", seed);
  seed = HashBytes(module, seed);
  seed = HashBytes("/", seed);
  seed = HashBytes(path, seed);
  return seed & kPositiveMask;
}

std::string LowerFirst(std::string s) {
  if (!s.empty()) s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
  return s;
}

// The strings table, for decompressors: NUL-terminated strings, each
// checked to end inside the table.
class StringTable {
 public:
  StringTable(const uint8_t* data, uint32_t size) : data_(data), size_(size) {}

  std::optional<std::string_view> Get(uint64_t offset) const {
    if (offset >= size_) return std::nullopt;
    const void* nul = std::memchr(data_ + offset, 0, size_ - offset);
    if (nul == nullptr) return std::nullopt;
    return std::string_view(reinterpret_cast<const char*>(data_ + offset),
                            static_cast<const uint8_t*>(nul) - (data_ + offset));
  }

 private:
  const uint8_t* data_;
  uint32_t size_;
};

// A bounds-checked big-endian reader over one decompression stage's input.
// Errors carry the byte position in that input.
class Cursor {
 public:
  Cursor(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  size_t pos() const { return pos_; }
  size_t remaining() const { return size_ - pos_; }
  const uint8_t* here() const { return data_ + pos_; }

  absl::Status Fail(std::string_view what) const {
    return absl::DataLossError(absl::StrFormat("byte 0x%x: %s", pos_, what));
  }
  absl::Status Need(size_t n, std::string_view what) const {
    if (n <= remaining()) return absl::OkStatus();
    return Fail(absl::StrFormat("%s truncated (need %d bytes, %d left)", what, n,
                                remaining()));
  }
  absl::StatusOr<uint8_t> U1(std::string_view what) {
    if (absl::Status s = Need(1, what); !s.ok()) return s;
    return data_[pos_++];
  }
  absl::StatusOr<uint16_t> U2(std::string_view what) {
    if (absl::Status s = Need(2, what); !s.ok()) return s;
    uint16_t v = static_cast<uint16_t>(data_[pos_] << 8 | data_[pos_ + 1]);
    pos_ += 2;
    return v;
  }
  absl::StatusOr<const uint8_t*> Bytes(size_t n, std::string_view what) {
    if (absl::Status s = Need(n, what); !s.ok()) return s;
    const uint8_t* p = data_ + pos_;
    pos_ += n;
    return p;
  }
  // CompressIndexes.readInt: a header byte with the top bit set holds the
  // byte count (bits 5-6, 1..3) and the top 5 value bits; otherwise the value
  // is the header byte and the next three bytes, big-endian.
  absl::StatusOr<uint32_t> CompressedInt(std::string_view what) {
    absl::StatusOr<uint8_t> header = U1(what);
    if (!header.ok()) return header.status();
    uint32_t length = 4;
    uint32_t value = *header;
    if (*header & 0x80) {
      length = (*header >> 5) & 3;
      value = *header & 0x1F;
      if (length == 0) {
        --pos_;
        return Fail(absl::StrFormat("%s: compressed index with length 0", what));
      }
    }
    for (uint32_t i = 1; i < length; ++i) {
      absl::StatusOr<uint8_t> b = U1(what);
      if (!b.ok()) return b.status();
      value = value << 8 | *b;
    }
    return value;
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// ZipDecompressor: the stage input is a zlib stream (java.util.zip.Inflater
// with its default zlib wrapper). Like the JDK, stops once `out_size` bytes
// are produced. The output grows as data arrives, so memory follows the
// work done rather than a size read from the file.
absl::StatusOr<std::vector<uint8_t>> Inflate(const uint8_t* in, size_t in_size,
                                             uint64_t out_size) {
  if (out_size > in_size * kMaxDeflateRatio + 64) {
    return absl::DataLossError(absl::StrFormat(
        "declared size %d is impossible for %d bytes of zlib data", out_size,
        in_size));
  }
  // out_size <= kMaxResourceSize, so every output chunk fits in a uInt.
  std::vector<uint8_t> out(
      std::min<uint64_t>(out_size, uint64_t{in_size} * 4 + 65536));
  z_stream zs{};
  if (inflateInit(&zs) != Z_OK) {
    return absl::ResourceExhaustedError("cannot initialise zlib");
  }
  struct End {
    z_stream* zs;
    ~End() { inflateEnd(zs); }
  } end{&zs};
  size_t in_left = in_size;
  zs.next_in = const_cast<Bytef*>(in);
  zs.next_out = out.data();
  zs.avail_out = static_cast<uInt>(out.size());
  for (;;) {
    if (zs.avail_in == 0 && in_left > 0) {
      zs.avail_in = static_cast<uInt>(std::min<size_t>(in_left, UINT_MAX));
      in_left -= zs.avail_in;
    }
    if (zs.avail_out == 0) {
      if (zs.total_out >= out_size) break;  // produced everything declared
      size_t produced = zs.total_out;
      out.resize(std::min<uint64_t>(out_size, uint64_t{out.size()} * 2));
      zs.next_out = out.data() + produced;
      zs.avail_out = static_cast<uInt>(out.size() - produced);
    }
    int rc = inflate(&zs, Z_NO_FLUSH);
    if (rc == Z_STREAM_END) break;
    if (rc == Z_OK) continue;
    size_t at = in_size - in_left - zs.avail_in;
    if (rc == Z_BUF_ERROR && zs.avail_in == 0 && in_left == 0) {
      return absl::DataLossError(absl::StrFormat(
          "byte 0x%x: zlib data truncated after %d of %d bytes", at,
          zs.total_out, out_size));
    }
    return absl::DataLossError(absl::StrFormat(
        "byte 0x%x: corrupt zlib data (%s)", at,
        zs.msg != nullptr ? zs.msg : absl::StrCat("zlib error ", rc)));
  }
  if (zs.total_out != out_size) {
    return absl::DataLossError(absl::StrFormat(
        "zlib data inflates to %d bytes, header says %d", zs.total_out, out_size));
  }
  out.resize(zs.total_out);
  return out;
}

// StringSharingDecompressor ("compact-cp"): rebuilds a class file whose
// CONSTANT_Utf8 entries were moved into the image's strings table. The
// constant pool holds, besides ordinary entries:
//   23 EXTERNALIZED_STRING: index -> CONSTANT_Utf8 with that string;
//   25 EXTERNALIZED_STRING_DESCRIPTOR: descriptor index, byte count of an
//      index list, the list: the descriptor with each 'L' followed by
//      package ("" for none) and simple name taken pairwise from the list.
// Entry sizes mirror the JDK's SIZES table, which its compressor also uses,
// so an entry the table misses (CONSTANT_Dynamic, 17) round-trips the same.
constexpr uint8_t kConstantUtf8 = 1;
constexpr uint8_t kConstantLong = 5;
constexpr uint8_t kConstantDouble = 6;
constexpr uint8_t kExternalizedString = 23;
constexpr uint8_t kExternalizedStringDescriptor = 25;
constexpr uint8_t kSharedStringSizes[] = {0, 0, 0, 4, 4, 8, 8, 2, 2, 4, 4,
                                          4, 4, 0, 0, 3, 2, 0, 4, 2, 2};

absl::StatusOr<std::vector<uint8_t>> ExpandSharedStrings(
    const uint8_t* in, size_t in_size, uint64_t out_size,
    const StringTable& strings) {
  Cursor c(in, in_size);
  std::vector<uint8_t> out;
  out.reserve(std::min<uint64_t>(out_size, uint64_t{in_size} * 4 + 4096));
  auto put = [&out](const void* p, size_t n) {
    const uint8_t* b = static_cast<const uint8_t*>(p);
    out.insert(out.end(), b, b + n);
  };
  auto put_u2 = [&out](size_t v) {
    out.push_back(static_cast<uint8_t>(v >> 8));
    out.push_back(static_cast<uint8_t>(v));
  };
  auto string_at = [&](uint32_t index, std::string_view what)
      -> absl::StatusOr<std::string_view> {
    std::optional<std::string_view> s = strings.Get(index);
    if (!s) {
      return c.Fail(absl::StrFormat("%s: strings-table offset %d out of range "
                                    "or unterminated",
                                    what, index));
    }
    return *s;
  };

  absl::StatusOr<const uint8_t*> head = c.Bytes(8, "class-file header");
  if (!head.ok()) return head.status();
  put(*head, 8);
  absl::StatusOr<uint16_t> count = c.U2("constant-pool count");
  if (!count.ok()) return count.status();
  put_u2(*count);
  for (uint32_t i = 1; i < *count; ++i) {
    size_t entry_pos = c.pos();
    absl::StatusOr<uint8_t> tag = c.U1("constant-pool tag");
    if (!tag.ok()) return tag.status();
    switch (*tag) {
      case kConstantUtf8: {
        absl::StatusOr<uint16_t> length = c.U2("CONSTANT_Utf8 length");
        if (!length.ok()) return length.status();
        absl::StatusOr<const uint8_t*> bytes = c.Bytes(*length, "CONSTANT_Utf8");
        if (!bytes.ok()) return bytes.status();
        out.push_back(kConstantUtf8);
        put_u2(*length);
        put(*bytes, *length);
        break;
      }
      case kExternalizedString: {
        absl::StatusOr<uint32_t> index = c.CompressedInt("externalized string");
        if (!index.ok()) return index.status();
        absl::StatusOr<std::string_view> s =
            string_at(*index, "externalized string");
        if (!s.ok()) return s.status();
        if (s->size() > 0xFFFF) {
          return c.Fail(absl::StrFormat("externalized string of %d bytes is too "
                                        "long for CONSTANT_Utf8",
                                        s->size()));
        }
        out.push_back(kConstantUtf8);
        put_u2(s->size());
        put(s->data(), s->size());
        break;
      }
      case kExternalizedStringDescriptor: {
        absl::StatusOr<uint32_t> desc_index =
            c.CompressedInt("externalized descriptor");
        if (!desc_index.ok()) return desc_index.status();
        absl::StatusOr<uint32_t> list_size =
            c.CompressedInt("externalized descriptor index-list size");
        if (!list_size.ok()) return list_size.status();
        absl::StatusOr<const uint8_t*> list =
            c.Bytes(*list_size, "externalized descriptor index list");
        if (!list.ok()) return list.status();
        absl::StatusOr<std::string_view> desc =
            string_at(*desc_index, "externalized descriptor");
        if (!desc.ok()) return desc.status();
        out.push_back(kConstantUtf8);
        size_t length_at = out.size();
        put_u2(0);  // patched below
        if (*list_size == 0) {
          put(desc->data(), desc->size());  // as libjimage does
        } else {
          Cursor indices(*list, *list_size);
          for (char ch : *desc) {
            out.push_back(static_cast<uint8_t>(ch));
            if (ch != 'L') continue;
            for (int part = 0; part < 2; ++part) {
              absl::StatusOr<uint32_t> index =
                  indices.CompressedInt("descriptor type index");
              if (!index.ok()) {
                return c.Fail(absl::StrFormat(
                    "constant-pool entry %d (at byte 0x%x): %s", i, entry_pos,
                    index.status().message()));
              }
              absl::StatusOr<std::string_view> name =
                  string_at(*index, "descriptor type name");
              if (!name.ok()) return name.status();
              put(name->data(), name->size());
              if (part == 0 && !name->empty()) out.push_back('/');
            }
            if (out.size() - length_at - 2 > 0xFFFF) break;  // rejected below
          }
        }
        size_t length = out.size() - length_at - 2;
        if (length > 0xFFFF) {
          return c.Fail(absl::StrFormat("rebuilt descriptor of %d bytes is too "
                                        "long for CONSTANT_Utf8",
                                        length));
        }
        out[length_at] = static_cast<uint8_t>(length >> 8);
        out[length_at + 1] = static_cast<uint8_t>(length);
        break;
      }
      case kConstantLong:
      case kConstantDouble:
        ++i;  // takes two constant-pool slots
        [[fallthrough]];
      default: {
        if (*tag >= sizeof(kSharedStringSizes)) {
          return c.Fail(absl::StrFormat(
              "constant-pool entry %d (at byte 0x%x): unknown tag %d", i,
              entry_pos, *tag));
        }
        size_t n = kSharedStringSizes[*tag];
        absl::StatusOr<const uint8_t*> bytes = c.Bytes(n, "constant-pool entry");
        if (!bytes.ok()) return bytes.status();
        out.push_back(*tag);
        put(*bytes, n);
        break;
      }
    }
    if (out.size() > out_size) {
      return c.Fail(absl::StrFormat(
          "constant pool expands past the declared size %d", out_size));
    }
  }
  if (out.size() + c.remaining() != out_size) {
    return c.Fail(absl::StrFormat(
        "rebuilt class is %d bytes, header says %d",
        out.size() + c.remaining(), out_size));
  }
  put(c.here(), c.remaining());
  return out;
}

}  // namespace

Jimage::Jimage(std::string path, const uint8_t* data, size_t size)
    : path_(std::move(path)), data_(data), size_(size) {}

Jimage::~Jimage() {
  if (data_ != nullptr) munmap(const_cast<uint8_t*>(data_), size_);
}

absl::StatusOr<std::unique_ptr<Jimage>> Jimage::Open(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    int e = errno;
    return absl::Status(absl::ErrnoToStatusCode(e),
                        absl::StrCat(path, ": cannot open: ",
                                     LowerFirst(std::strerror(e))));
  }
  struct stat st;
  if (fstat(fd, &st) != 0) {
    int e = errno;
    close(fd);
    return absl::Status(absl::ErrnoToStatusCode(e),
                        absl::StrCat(path, ": cannot stat: ",
                                     LowerFirst(std::strerror(e))));
  }
  if (!S_ISREG(st.st_mode)) {
    close(fd);
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": not a regular file"));
  }
  size_t size = static_cast<size_t>(st.st_size);
  if (size < kHeaderSize) {
    close(fd);
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: offset 0x0: file is %d bytes, too short for a jimage header (%d "
        "bytes)",
        path, size, kHeaderSize));
  }
  void* map = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  int map_errno = errno;
  close(fd);
  if (map == MAP_FAILED) {
    return absl::Status(absl::ErrnoToStatusCode(map_errno),
                        absl::StrCat(path, ": cannot map: ",
                                     LowerFirst(std::strerror(map_errno))));
  }
  std::unique_ptr<Jimage> image(
      new Jimage(path, static_cast<const uint8_t*>(map), size));
  if (absl::Status s = image->ValidateAndIndex(); !s.ok()) return s;
  return image;
}

uint32_t Jimage::U4(uint64_t file_offset) const {
  return Load4(data_ + file_offset, big_endian_);
}

absl::Status Jimage::ValidateAndIndex() {
  // Header (ImageHeader.readFrom); the byte order is the one in which the
  // magic reads 0xCAFEDADA, as libjimage's ImageFileReader decides it.
  if (Load4(data_, false) == kMagic) {
    big_endian_ = false;
  } else if (Load4(data_, true) == kMagic) {
    big_endian_ = true;
  } else {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: offset 0x0: not a jimage: magic bytes %02x %02x %02x %02x "
        "(expected 0xcafedada in either byte order)",
        path_, data_[0], data_[1], data_[2], data_[3]));
  }
  uint32_t version = U4(4);
  major_version_ = static_cast<uint16_t>(version >> 16);
  minor_version_ = static_cast<uint16_t>(version & 0xFFFF);
  if (major_version_ != kMajorVersion) {
    return absl::UnimplementedError(absl::StrFormat(
        "%s: offset 0x4: unsupported jimage version %d.%d (expected %d.x)",
        path_, major_version_, minor_version_, kMajorVersion));
  }
  // U4(8) holds flags (unused by the JDK) and U4(12) the resource count,
  // which equals the table length in JDK images; neither is needed here.
  table_length_ = U4(16);
  locations_size_ = U4(20);
  strings_size_ = U4(24);
  redirect_start_ = kHeaderSize;
  offsets_start_ = redirect_start_ + uint64_t{4} * table_length_;
  locations_start_ = offsets_start_ + uint64_t{4} * table_length_;
  strings_start_ = locations_start_ + locations_size_;
  index_size_ = strings_start_ + strings_size_;
  if (index_size_ > size_) {
    return absl::DataLossError(absl::StrFormat(
        "%s: offset 0x10: index of %d bytes (table length %d, locations %d "
        "bytes, strings %d bytes) extends past the end of the file (%d bytes)",
        path_, index_size_, table_length_, locations_size_, strings_size_,
        size_));
  }

  slots_.resize(table_length_);
  std::set<uint32_t> module_offsets;
  for (uint32_t slot = 0; slot < table_length_; ++slot) {
    Location& loc = slots_[slot];
    if (absl::Status s = DecodeLocation(slot, loc); !s.ok()) return s;
    if (loc.kind == Location::Kind::kResource) {
      ++resource_count_;
      if (loc.compressed_size != 0) ++compressed_count_;
      module_offsets.insert(loc.module);
    } else if (loc.kind == Location::Kind::kDirectory && loc.module != 0 &&
               StringAt(loc.module) == "packages") {
      has_packages_directory_ = true;
    }
  }
  std::set<std::string> module_names;
  for (uint32_t offset : module_offsets) {
    module_names.emplace(StringAt(offset));
  }
  modules_.assign(module_names.begin(), module_names.end());

  if (!has_packages_directory_) {
    // No jrt-fs directories: the first module (in slot order) holding a
    // resource directly in a directory owns that directory as a package.
    std::map<std::string, std::string, std::less<>> packages;
    for (const Location& loc : slots_) {
      if (loc.kind != Location::Kind::kResource || loc.parent == 0) continue;
      packages.emplace(std::string(StringAt(loc.parent)),
                       std::string(StringAt(loc.module)));
    }
    derived_packages_.assign(packages.begin(), packages.end());
  }
  return absl::OkStatus();
}

absl::Status Jimage::CheckString(uint32_t string_offset, uint64_t where) const {
  StringTable strings(data_ + strings_start_, strings_size_);
  if (strings.Get(string_offset)) return absl::OkStatus();
  return absl::DataLossError(absl::StrFormat(
      "%s: offset 0x%x: string offset %d is outside the strings table (%d "
      "bytes) or unterminated",
      path_, where, string_offset, strings_size_));
}

std::string_view Jimage::StringAt(uint32_t string_offset) const {
  // Only called on offsets CheckString accepted.
  return *StringTable(data_ + strings_start_, strings_size_).Get(string_offset);
}

absl::Status Jimage::DecodeLocation(uint32_t slot, Location& loc) const {
  uint64_t entry = offsets_start_ + uint64_t{4} * slot;
  uint32_t offset = U4(entry);
  if (offset == 0) {
    // BasicImageReader.getEntryNames skips slots whose offset is 0.
    loc.kind = Location::Kind::kEmpty;
    return absl::OkStatus();
  }
  if (offset >= locations_size_) {
    return absl::DataLossError(absl::StrFormat(
        "%s: offset 0x%x: slot %d: location offset %d is outside the locations "
        "table (%d bytes)",
        path_, entry, slot, offset, locations_size_));
  }
  const uint64_t start = locations_start_ + offset;
  const uint64_t end = locations_start_ + locations_size_;
  uint64_t value_at[kAttributeCount] = {};
  uint64_t p = start;
  while (p < end) {
    uint8_t byte = data_[p];
    if (byte <= 0x7) break;  // ATTRIBUTE_END
    uint8_t kind = byte >> 3;
    uint32_t length = (byte & 0x7) + 1;
    if (kind >= kAttributeCount) {
      return absl::DataLossError(absl::StrFormat(
          "%s: offset 0x%x: slot %d: invalid location attribute kind %d", path_,
          p, slot, kind));
    }
    if (length > end - p - 1) {
      return absl::DataLossError(absl::StrFormat(
          "%s: offset 0x%x: slot %d: %d-byte attribute value runs past the "
          "locations table",
          path_, p, slot, length));
    }
    uint64_t value = 0;
    for (uint32_t i = 0; i < length; ++i) value = value << 8 | data_[p + 1 + i];
    value_at[kind] = p;
    switch (kind) {
      case kAttributeModule:
      case kAttributeParent:
      case kAttributeBase:
      case kAttributeExtension:
        if (value >= strings_size_) {
          return absl::DataLossError(absl::StrFormat(
              "%s: offset 0x%x: slot %d: string offset %d is outside the "
              "strings table (%d bytes)",
              path_, p, slot, value, strings_size_));
        }
        (kind == kAttributeModule   ? loc.module
         : kind == kAttributeParent ? loc.parent
         : kind == kAttributeBase   ? loc.base
                                    : loc.extension) = static_cast<uint32_t>(value);
        break;
      case kAttributeOffset:
        loc.content_offset = value;
        break;
      case kAttributeCompressed:
        loc.compressed_size = value;
        break;
      case kAttributeUncompressed:
        loc.uncompressed_size = value;
        break;
      default:
        break;
    }
    p += 1 + length;
  }
  // Offset 0 of a string field means "absent", except for the base, which
  // every location has (possibly the empty string at offset 0).
  for (auto [kind, value] :
       {std::pair{kAttributeModule, loc.module},
        std::pair{kAttributeParent, loc.parent},
        std::pair{kAttributeExtension, loc.extension}}) {
    if (value == 0) continue;
    if (absl::Status s = CheckString(value, value_at[kind]); !s.ok()) return s;
  }
  if (absl::Status s = CheckString(
          loc.base, value_at[kAttributeBase] != 0 ? value_at[kAttributeBase] : start);
      !s.ok()) {
    return s;
  }

  const uint64_t stored =
      loc.compressed_size != 0 ? loc.compressed_size : loc.uncompressed_size;
  const uint64_t content_space = size_ - index_size_;
  if (loc.content_offset > content_space ||
      stored > content_space - loc.content_offset) {
    return absl::DataLossError(absl::StrFormat(
        "%s: offset 0x%x: slot %d: content of %d bytes at 0x%x (index end + "
        "%d) extends past the end of the file (%d bytes)",
        path_, start, slot, stored, index_size_ + loc.content_offset,
        loc.content_offset, size_));
  }
  if (loc.uncompressed_size > kMaxResourceSize) {
    return absl::DataLossError(absl::StrFormat(
        "%s: offset 0x%x: slot %d: uncompressed size %d is too large", path_,
        start, slot, loc.uncompressed_size));
  }

  if (loc.module == 0) {
    loc.kind = Location::Kind::kDirectory;  // the roots "/modules", "/packages"
  } else {
    std::string_view module = StringAt(loc.module);
    loc.kind = (module == "modules" || module == "packages")
                   ? Location::Kind::kDirectory
                   : Location::Kind::kResource;
  }
  return absl::OkStatus();
}

std::optional<uint32_t> Jimage::Find(std::string_view module,
                                     std::string_view path) const {
  // BasicImageReader.getLocationIndex (details in jlink's
  // PerfectHashBuilder): redirect[hash % n] < 0 is -1 - slot; > 0 is the
  // seed of a second hash that gives the slot; 0 is no entry.
  if (table_length_ == 0) return std::nullopt;
  uint32_t bucket = HashFullName(module, path, kHashMultiplier) % table_length_;
  int32_t redirect =
      static_cast<int32_t>(U4(redirect_start_ + uint64_t{4} * bucket));
  int64_t slot;
  if (redirect < 0) {
    slot = -1 - int64_t{redirect};
  } else if (redirect > 0) {
    slot = HashFullName(module, path, static_cast<uint32_t>(redirect)) %
           table_length_;
  } else {
    return std::nullopt;
  }
  if (slot >= table_length_) return std::nullopt;
  const Location& loc = slots_[static_cast<size_t>(slot)];
  if (loc.kind == Location::Kind::kEmpty || !NameMatches(loc, module, path)) {
    return std::nullopt;
  }
  return static_cast<uint32_t>(slot);
}

bool Jimage::NameMatches(const Location& loc, std::string_view module,
                         std::string_view path) const {
  // ImageLocation.verify: "/module/" then "parent/" if any, the base, and
  // ".extension" if any.
  if (loc.module == 0 || StringAt(loc.module) != module) return false;
  auto consume = [&path](std::string_view part) {
    if (path.substr(0, part.size()) != part) return false;
    path.remove_prefix(part.size());
    return true;
  };
  if (loc.parent != 0 && !(consume(StringAt(loc.parent)) && consume("/"))) {
    return false;
  }
  if (!consume(StringAt(loc.base))) return false;
  if (loc.extension != 0 && !(consume(".") && consume(StringAt(loc.extension)))) {
    return false;
  }
  return path.empty();
}

void Jimage::AppendPath(const Location& loc, std::string& out) const {
  if (loc.parent != 0) {
    out.append(StringAt(loc.parent));
    out.push_back('/');
  }
  out.append(StringAt(loc.base));
  if (loc.extension != 0) {
    out.push_back('.');
    out.append(StringAt(loc.extension));
  }
}

void Jimage::ForEachResource(
    const std::function<void(std::string_view module, std::string_view path)>&
        fn) const {
  std::string path;
  for (const Location& loc : slots_) {
    if (loc.kind != Location::Kind::kResource) continue;
    path.clear();
    AppendPath(loc, path);
    fn(StringAt(loc.module), path);
  }
}

bool Jimage::Contains(std::string_view module, std::string_view path) const {
  std::optional<uint32_t> slot = Find(module, path);
  return slot && slots_[*slot].kind == Location::Kind::kResource;
}

absl::StatusOr<std::vector<uint8_t>> Jimage::Read(std::string_view module,
                                                  std::string_view path) const {
  std::optional<uint32_t> slot = Find(module, path);
  if (!slot || slots_[*slot].kind != Location::Kind::kResource) {
    return absl::NotFoundError(
        absl::StrFormat("%s: no resource /%s/%s", path_, module, path));
  }
  return ReadLocation(slots_[*slot], module, path);
}

absl::StatusOr<std::vector<uint8_t>> Jimage::ReadLocation(
    const Location& loc, std::string_view module, std::string_view path) const {
  const uint64_t file_offset = index_size_ + loc.content_offset;
  const uint8_t* content = data_ + file_offset;
  if (loc.compressed_size == 0) {
    return std::vector<uint8_t>(content, content + loc.uncompressed_size);
  }
  auto fail = [&](int stage, std::string_view decompressor,
                  const absl::Status& s) {
    return absl::Status(
        s.code(), absl::StrFormat("%s!/%s/%s: offset 0x%x: %s stage %d: %s",
                                  path_, module, path, file_offset,
                                  decompressor, stage, s.message()));
  };
  // Decompressor.decompressResource: peel headers until none is left.
  StringTable strings(data_ + strings_start_, strings_size_);
  const uint8_t* data = content;
  size_t size = loc.compressed_size;
  std::vector<uint8_t> owned;
  bool decompressed = false;
  for (int stage = 1;
       size >= kResourceHeaderSize && Load4(data, big_endian_) == kResourceHeaderMagic;
       ++stage) {
    if (stage > kMaxDecompressorStages) {
      return fail(stage, "decompressor",
                  absl::DataLossError(absl::StrFormat(
                      "more than %d stacked compression headers",
                      kMaxDecompressorStages)));
    }
    const uint64_t stage_size = Load8(data + 4, big_endian_);
    const uint64_t stage_uncompressed = Load8(data + 12, big_endian_);
    const uint32_t name_offset = Load4(data + 20, big_endian_);
    std::optional<std::string_view> name = strings.Get(name_offset);
    if (!name) {
      return fail(stage, "decompressor",
                  absl::DataLossError(absl::StrFormat(
                      "byte 0x14: decompressor name offset %d is outside the "
                      "strings table or unterminated",
                      name_offset)));
    }
    if (stage_size > size - kResourceHeaderSize) {
      return fail(stage, *name,
                  absl::DataLossError(absl::StrFormat(
                      "byte 0x4: compressed size %d exceeds the %d bytes after "
                      "the header",
                      stage_size, size - kResourceHeaderSize)));
    }
    if (stage_uncompressed > kMaxResourceSize) {
      return fail(stage, *name,
                  absl::DataLossError(absl::StrFormat(
                      "byte 0xc: uncompressed size %d is too large",
                      stage_uncompressed)));
    }
    const uint8_t* payload = data + kResourceHeaderSize;
    absl::StatusOr<std::vector<uint8_t>> next;
    if (*name == "zip") {
      next = Inflate(payload, stage_size, stage_uncompressed);
    } else if (*name == "compact-cp") {
      next = ExpandSharedStrings(payload, stage_size, stage_uncompressed, strings);
    } else {
      return fail(stage, *name,
                  absl::UnimplementedError("unknown decompressor"));
    }
    if (!next.ok()) return fail(stage, *name, next.status());
    owned = *std::move(next);
    data = owned.data();
    size = owned.size();
    decompressed = true;
  }
  if (size != loc.uncompressed_size) {
    return absl::DataLossError(absl::StrFormat(
        "%s!/%s/%s: offset 0x%x: decompressed to %d bytes, location says %d",
        path_, module, path, file_offset, size, loc.uncompressed_size));
  }
  if (!decompressed) return std::vector<uint8_t>(data, data + size);
  return owned;
}

std::optional<std::string> Jimage::ModuleOfPackage(
    std::string_view package_internal_name) const {
  if (!has_packages_directory_) {
    auto it = std::lower_bound(
        derived_packages_.begin(), derived_packages_.end(), package_internal_name,
        [](const auto& entry, std::string_view key) { return entry.first < key; });
    if (it == derived_packages_.end() || it->first != package_internal_name) {
      return std::nullopt;
    }
    return it->second;
  }
  // "/packages/java.lang" holds (u4 is_empty, u4 module-name offset) pairs in
  // the image's byte order, one per module that has the package directory;
  // the owner is the module where it is not empty.
  std::string dotted(package_internal_name);
  std::replace(dotted.begin(), dotted.end(), '/', '.');
  std::optional<uint32_t> slot = Find("packages", dotted);
  if (!slot) return std::nullopt;
  absl::StatusOr<std::vector<uint8_t>> content =
      ReadLocation(slots_[*slot], "packages", dotted);
  if (!content.ok() || content->size() % 8 != 0) return std::nullopt;
  StringTable strings(data_ + strings_start_, strings_size_);
  for (size_t i = 0; i < content->size(); i += 8) {
    uint32_t is_empty = Load4(content->data() + i, big_endian_);
    uint32_t module = Load4(content->data() + i + 4, big_endian_);
    if (is_empty != 0) continue;
    std::optional<std::string_view> name = strings.Get(module);
    if (name) return std::string(*name);
  }
  return std::nullopt;
}

}  // namespace jwp::classfile
