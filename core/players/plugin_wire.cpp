// SPDX-License-Identifier: MIT
#include "core/players/plugin_wire.h"

#include <limits>

#include "core/util/parse_number.h"

namespace gambit::players::wire {

namespace {

constexpr char Hex[] = "0123456789ABCDEF";

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

Result<std::string> unescape_word(std::string_view word) {
  if (word == "%") return std::string();
  std::string out;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (word[i] != '%') {
      out += word[i];
      continue;
    }
    if (i + 2 >= word.size() || hex_value(word[i + 1]) < 0 || hex_value(word[i + 2]) < 0)
      return Failure{"a malformed escape in " + quote_for_message(word)};
    out += char(hex_value(word[i + 1]) * 16 + hex_value(word[i + 2]));
    i += 2;
  }
  return out;
}

constexpr std::int64_t Int32Min = std::numeric_limits<std::int32_t>::min();
constexpr std::int64_t Int32Max = std::numeric_limits<std::int32_t>::max();
constexpr std::int64_t Int64Min = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t Int64Max = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t MaxLines = 256;  // far more lines than a position has moves worth showing

}  // namespace

std::string escape_word(std::string_view word) {
  if (word.empty()) return "%";
  std::string out;
  for (char c : word) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte <= 0x20 || byte == 0x7F || c == '%') {
      out += '%';
      out += Hex[byte >> 4];
      out += Hex[byte & 15];
    } else {
      out += c;
    }
  }
  return out;
}

std::string message(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& word : words) {
    if (!out.empty()) out += ' ';
    out += escape_word(word);
  }
  return out;
}

Result<std::vector<std::string>> words_of(std::string_view line) {
  std::vector<std::string> words;
  std::size_t start = 0;
  while (start <= line.size()) {
    const std::size_t end = std::min(line.find(' ', start), line.size());
    Result<std::string> word = unescape_word(line.substr(start, end - start));
    if (!word) return Failure{word.error()};
    if (end == start) return Failure{"an empty word in " + quote_for_message(line)};
    words.push_back(std::move(word).value());
    start = end + 1;
  }
  return words;
}

Result<std::int64_t> parse_integer(std::string_view word, std::int64_t min, std::int64_t max, std::string_view what) {
  const std::optional<std::int64_t> value = parse_int64(word);
  if (!value || *value < min || *value > max)
    return Failure{std::string(what) + " " + quote_for_message(word) + " is not a number from " +
                   std::to_string(min) + " to " + std::to_string(max)};
  return *value;
}

std::vector<std::string> description_lines(const Description& d) {
  std::vector<std::string> lines;
  lines.push_back(message({"plugin", std::to_string(d.abi_major), std::to_string(d.abi_minor), d.id, d.name, d.version,
                           d.description, d.considers_draws ? "1" : "0"}));
  for (const Description::Option& o : d.options) {
    std::vector<std::string> words{"option", o.name, o.help, std::to_string(o.type), std::to_string(o.min),
                                   std::to_string(o.max), o.default_value};
    words.insert(words.end(), o.choices.begin(), o.choices.end());
    lines.push_back(message(words));
  }
  for (const Description::Level& l : d.levels) {
    std::vector<std::string> words{"level", l.name, l.description};
    for (const auto& [name, value] : l.settings) {
      words.push_back(name);
      words.push_back(value);
    }
    lines.push_back(message(words));
  }
  std::vector<std::string> variants{"variant"};
  variants.insert(variants.end(), d.variants.begin(), d.variants.end());
  lines.push_back(message(variants));
  for (const Permission& p : d.permissions)
    lines.push_back(message({"permission", std::string(permission_name(p.kind)), p.option, p.reason}));
  lines.push_back("ready");
  return lines;
}

Result<bool> read_description_line(Description& d, std::string_view line) {
  auto parsed = words_of(line);
  if (!parsed) return Failure{parsed.error()};
  const std::vector<std::string>& w = parsed.value();
  const std::string& kind = w[0];
  const auto wrong = [&](const std::string& why) { return Failure{"a malformed '" + kind + "' line: " + why}; };
  if (kind == "ready") return true;
  if (kind == "refused") return Failure{w.size() > 1 ? w[1] : std::string("refused, saying nothing")};
  if (kind == "plugin") {
    if (w.size() != 8) return wrong(std::to_string(w.size() - 1) + " words instead of 7");
    auto major = parse_integer(w[1], 0, UINT32_MAX, "the ABI major version");
    auto minor = parse_integer(w[2], 0, UINT32_MAX, "the ABI minor version");
    if (!major) return wrong(major.error());
    if (!minor) return wrong(minor.error());
    if (w[7] != "0" && w[7] != "1") return wrong("the draw flag is " + quote_for_message(w[7]));
    d.abi_major = std::uint32_t(*major);
    d.abi_minor = std::uint32_t(*minor);
    d.id = w[3];
    d.name = w[4];
    d.version = w[5];
    d.description = w[6];
    d.considers_draws = w[7] == "1";
    return false;
  }
  if (kind == "option") {
    if (w.size() < 7) return wrong(std::to_string(w.size() - 1) + " words, fewer than 6");
    Description::Option o;
    o.name = w[1];
    o.help = w[2];
    auto type = parse_integer(w[3], GAMBIT_OPTION_INT, GAMBIT_OPTION_CHOICE, "the type");
    auto min = parse_integer(w[4], Int64Min, Int64Max, "the minimum");
    auto max = parse_integer(w[5], Int64Min, Int64Max, "the maximum");
    for (const Result<std::int64_t>* number : {&type, &min, &max})
      if (!*number) return wrong(number->error());
    o.type = std::uint32_t(*type);
    o.min = *min;
    o.max = *max;
    o.default_value = w[6];
    o.choices.assign(w.begin() + 7, w.end());
    d.options.push_back(std::move(o));
    return false;
  }
  if (kind == "level") {
    if (w.size() < 3 || (w.size() - 3) % 2 != 0) return wrong("a name, a description, then names and values");
    Description::Level l{w[1], w[2], {}};
    for (std::size_t i = 3; i < w.size(); i += 2) l.settings.emplace_back(w[i], w[i + 1]);
    d.levels.push_back(std::move(l));
    return false;
  }
  if (kind == "variant") {
    d.variants.assign(w.begin() + 1, w.end());
    return false;
  }
  if (kind == "permission") {
    if (w.size() != 4) return wrong("a kind, an option and a reason");
    const std::optional<Permission::Kind> permission = permission_from_name(w[1]);
    if (!permission) return wrong("no permission is called " + quote_for_message(w[1]));
    d.permissions.push_back({*permission, w[2], w[3]});
    return false;
  }
  return Failure{"an unexpected line " + quote_for_message(line) + " in the plugin's description"};
}

namespace {

// One field of a message, by name. A request's and a progress report's words
// are written and read through one table each (RequestFields, ProgressFields),
// so their order is said once. A number has a range, checked when read; a text
// field (text set) is any word.
template <typename T>
struct Field {
  std::string_view what;  // named in failures: "the depth"
  std::int64_t min = 0, max = 0;
  std::int64_t (*get)(const T&) = nullptr;
  void (*set)(T&, std::int64_t) = nullptr;
  std::string T::*text = nullptr;
};

// A number field of T at `member` (an expression on a T named x), stored in the member's own type.
#define GAMBIT_WIRE_NUMBER(T, what, min, max, member)                                     \
  Field<T> {                                                                              \
    what, min, max, [](const T& x) -> std::int64_t { return std::int64_t(x.member); },    \
        [](T& x, std::int64_t value) { x.member = decltype(x.member)(value); }, nullptr \
  }

const Field<PlayRequest> RequestFields[] = {
    GAMBIT_WIRE_NUMBER(PlayRequest, "the nice value", -20, 19, niceness),
    {"the variant", 0, 0, nullptr, nullptr, &PlayRequest::variant},
    {"the start", 0, 0, nullptr, nullptr, &PlayRequest::start_fen},
    GAMBIT_WIRE_NUMBER(PlayRequest, "the move time", Int64Min, Int64Max, limits.movetime_ms),
    GAMBIT_WIRE_NUMBER(PlayRequest, "the depth", Int32Min, Int32Max, limits.depth),
    GAMBIT_WIRE_NUMBER(PlayRequest, "the node limit", Int64Min, Int64Max, limits.nodes),
    GAMBIT_WIRE_NUMBER(PlayRequest, "white's time", Int64Min, Int64Max, limits.time_ms[0]),
    GAMBIT_WIRE_NUMBER(PlayRequest, "black's time", Int64Min, Int64Max, limits.time_ms[1]),
    GAMBIT_WIRE_NUMBER(PlayRequest, "white's increment", Int64Min, Int64Max, limits.increment_ms[0]),
    GAMBIT_WIRE_NUMBER(PlayRequest, "black's increment", Int64Min, Int64Max, limits.increment_ms[1]),
    GAMBIT_WIRE_NUMBER(PlayRequest, "the moves to go", Int32Min, Int32Max, limits.moves_to_go),
    GAMBIT_WIRE_NUMBER(PlayRequest, "the infinite flag", 0, 1, limits.infinite),
    GAMBIT_WIRE_NUMBER(PlayRequest, "the number of lines", 1, MaxLines, limits.multipv),
};

const Field<Progress> ProgressFields[] = {
    GAMBIT_WIRE_NUMBER(Progress, "the depth", Int32Min, Int32Max, numbers.depth),
    GAMBIT_WIRE_NUMBER(Progress, "the selective depth", Int32Min, Int32Max, numbers.seldepth),
    {"the score kind", 0, 2, [](const Progress& x) -> std::int64_t { return score_kind_to_c(x.numbers.score_kind); },
     [](Progress& x, std::int64_t value) { x.numbers.score_kind = score_kind_from_c(std::int32_t(value)); }, nullptr},
    GAMBIT_WIRE_NUMBER(Progress, "the score", Int32Min, Int32Max, numbers.score),
    GAMBIT_WIRE_NUMBER(Progress, "the nodes", 0, Int64Max, numbers.nodes),
    GAMBIT_WIRE_NUMBER(Progress, "the speed", 0, Int64Max, numbers.nps),
    GAMBIT_WIRE_NUMBER(Progress, "the time", 0, Int64Max, numbers.time_ms),
    GAMBIT_WIRE_NUMBER(Progress, "the line number", 1, MaxLines, numbers.multipv),
    {"the line", 0, 0, nullptr, nullptr, &Progress::pv},
};

#undef GAMBIT_WIRE_NUMBER

template <typename T, std::size_t N>
std::vector<std::string> write_fields(const T& value, const Field<T> (&fields)[N]) {
  std::vector<std::string> words;
  for (const Field<T>& field : fields) words.push_back(field.text ? value.*field.text : std::to_string(field.get(value)));
  return words;
}

// Reads the fields from words[first...]; words must hold them all.
template <typename T, std::size_t N>
Result<T> read_fields(const std::vector<std::string>& words, std::size_t first, const Field<T> (&fields)[N]) {
  T value;
  for (std::size_t i = 0; i < N; ++i) {
    const std::string& word = words[first + i];
    if (fields[i].text) {
      value.*fields[i].text = word;
      continue;
    }
    auto number = parse_integer(word, fields[i].min, fields[i].max, fields[i].what);
    if (!number) return Failure{number.error()};
    fields[i].set(value, *number);
  }
  return value;
}

// "a request of 5 words, fewer than 13": what, its words from first on, then expected.
std::string word_count(const std::vector<std::string>& words, std::size_t first, std::string_view what,
                       const std::string& expected) {
  return std::string(what) + " of " + std::to_string(words.size() - std::min(first, words.size())) + " words" +
         expected;
}

}  // namespace

std::vector<std::string> request_words(const PlayRequest& r) {
  std::vector<std::string> words = write_fields(r, RequestFields);
  words.insert(words.end(), r.moves.begin(), r.moves.end());
  return words;
}

Result<PlayRequest> parse_request(const std::vector<std::string>& words, std::size_t first) {
  constexpr std::size_t Fixed = std::size(RequestFields);
  if (words.size() < first + Fixed)
    return Failure{word_count(words, first, "a request", ", fewer than " + std::to_string(Fixed))};
  Result<PlayRequest> read = read_fields(words, first, RequestFields);
  if (!read) return read;
  PlayRequest r = std::move(read).value();
  r.moves.assign(words.begin() + std::ptrdiff_t(first + Fixed), words.end());
  return r;
}

std::vector<std::string> info_words(const Progress& info) { return write_fields(info, ProgressFields); }

Result<Progress> parse_info(const std::vector<std::string>& words, std::size_t first) {
  constexpr std::size_t Fixed = std::size(ProgressFields);
  if (words.size() != first + Fixed)
    return Failure{word_count(words, first, "a progress report", " instead of " + std::to_string(Fixed))};
  return read_fields(words, first, ProgressFields);
}

}  // namespace gambit::players::wire
