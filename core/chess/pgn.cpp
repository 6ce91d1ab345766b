// SPDX-License-Identifier: MIT
#include "core/chess/pgn.h"

#include <algorithm>
#include <array>

#include "core/chess/game.h"
#include "core/chess/san.h"
#include "core/chess/uci.h"
#include "core/util/translation.h"
#include "core/util/words.h"

namespace gambit::chess {

namespace {

constexpr std::size_t MAX_LINE = 80;
constexpr std::array<std::string_view, 4> RESULT_TOKENS = {"1-0", "0-1", "1/2-1/2", "*"};

bool is_result_token(std::string_view s) {
  for (std::string_view r : RESULT_TOKENS)
    if (s == r) return true;
  return false;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_symbol_char(char c) {
  return is_letter(c) || is_digit(c) || std::string_view("_+#=:-/").find(c) != std::string_view::npos;
}

// ---------------------------------------------------------------- writing --

std::string escape_tag_value(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  }
  return out;
}

// Tag names are PGN symbols; anything else would not read back.
std::string sanitise_tag_name(std::string_view name) {
  std::string out = name.empty() || !is_letter(name[0]) ? "X" : "";
  for (char c : name) out += (is_letter(c) || is_digit(c) || c == '_') ? c : '_';
  return out;
}

// The end of the word of body that starts at `at`: the next space that is not
// inside a "[%command ...]" (one with its ']' before any other '['), so that a
// command is never split across lines.
std::size_t comment_word_end(std::string_view body, std::size_t at) {
  while (at < body.size() && body[at] != ' ') {
    if (body.substr(at).starts_with("[%")) {
      const std::size_t close = body.find_first_of("[]", at + 2);
      if (close != std::string_view::npos && body[close] == ']') {
        at = close + 1;
        continue;
      }
    }
    ++at;
  }
  return at;
}

// Appends the tokens of a comment: its words, the first after '{', the last before '}'.
void add_comment_tokens(std::vector<std::string>& tokens, std::string_view text) {
  std::string body = collapse_whitespace(text);
  for (char& c : body)
    if (c == '}') c = ')';  // a PGN comment cannot contain its own terminator
  if (body.empty()) return;
  for (std::size_t start = 0; start < body.size();) {
    const std::size_t end = comment_word_end(body, start);
    std::string word = start == 0 ? "{" : "";
    word.append(body, start, end - start);
    if (end == body.size()) word += '}';
    tokens.push_back(std::move(word));
    start = end + 1;
  }
}

// Joins tokens with single spaces into lines of at most MAX_LINE columns (a
// single longer token gets a line of its own). A line never starts with '%',
// which would make it an escape line.
std::string wrap_tokens(const std::vector<std::string>& tokens) {
  std::string out, line;
  for (const std::string& token : tokens) {
    if (!line.empty() && line.size() + 1 + token.size() > MAX_LINE) {
      out += line + '\n';
      line.clear();
    }
    if (!line.empty()) line += ' ';
    else if (token.front() == '%') line += ' ';
    line += token;
  }
  if (!line.empty()) out += line + '\n';
  return out;
}

// ---------------------------------------------------------------- reading --

enum class TokenKind {
  End, TagOpen, TagClose, String, Symbol, MoveNumber, Period, Nag, Annotation,
  Comment, VariationOpen, VariationClose, Error
};

struct Token {
  TokenKind kind = TokenKind::End;
  std::string_view text;  // the token as written
  std::string value;      // String: the decoded value; Comment: its text; Error: what is wrong
  std::size_t offset = 0;
  std::size_t line = 0;
};

// Splits PGN text into tokens, keeping the reader's position and line current.
class Lexer {
 public:
  Lexer(std::string_view text, std::size_t& pos, std::size_t& line) : text_(text), pos_(pos), line_(line) {}

  Token next() {
    skip_blanks_and_escapes();
    Token t;
    t.offset = pos_;
    t.line = line_;
    if (pos_ >= text_.size()) return t;
    const char c = text_[pos_];
    switch (c) {
      case '[': return single(t, TokenKind::TagOpen);
      case ']': return single(t, TokenKind::TagClose);
      case '(': return single(t, TokenKind::VariationOpen);
      case ')': return single(t, TokenKind::VariationClose);
      case '.': return single(t, TokenKind::Period);
      case '*': return single(t, TokenKind::Symbol);
      case '{': return brace_comment(t);
      case ';': return line_comment(t);
      case '"': return tag_value(t);
      case '$': return nag(t);
      case '!': case '?':
        while (pos_ < text_.size() && (text_[pos_] == '!' || text_[pos_] == '?')) ++pos_;
        return finish(t, TokenKind::Annotation);
      case '-':
        if (pos_ + 1 < text_.size() && text_[pos_ + 1] == '-') {
          pos_ += 2;
          return finish(t, TokenKind::Symbol);
        }
        break;
      default:
        if (is_letter(c) || is_digit(c)) return symbol(t);
    }
    ++pos_;
    t.text = text_.substr(t.offset, 1);
    t.kind = TokenKind::Error;
    // TRANSLATORS: a problem in a PGN file; {character} is in quotes.
    t.value = fill(tr("unexpected character {character}"), {{"character", quote_for_message(t.text)}});
    return t;
  }

  // Makes t the next token again.
  void rewind(const Token& t) {
    pos_ = t.offset;
    line_ = t.line;
  }

 private:
  void skip_blanks_and_escapes() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '%' && (pos_ == 0 || text_[pos_ - 1] == '\n')) {
        const std::size_t eol = text_.find('\n', pos_);
        pos_ = eol == std::string_view::npos ? text_.size() : eol;
      } else if (is_space(c)) {
        if (c == '\n') ++line_;
        ++pos_;
      } else {
        return;
      }
    }
  }

  Token& finish(Token& t, TokenKind kind) {
    t.kind = kind;
    t.text = text_.substr(t.offset, pos_ - t.offset);
    return t;
  }
  Token& single(Token& t, TokenKind kind) {
    ++pos_;
    return finish(t, kind);
  }

  Token& brace_comment(Token& t) {
    const std::size_t close = text_.find('}', pos_ + 1);
    if (close == std::string_view::npos) {
      pos_ = text_.size();
      finish(t, TokenKind::Error);
      t.value = tr("the comment opened here is never closed ('}' missing)");
      return t;
    }
    const std::string_view body = text_.substr(pos_ + 1, close - pos_ - 1);
    for (char c : body) line_ += c == '\n';
    pos_ = close + 1;
    t.value = collapse_whitespace(body);
    return finish(t, TokenKind::Comment);
  }

  Token& line_comment(Token& t) {
    std::size_t eol = text_.find('\n', pos_);
    if (eol == std::string_view::npos) eol = text_.size();
    t.value = collapse_whitespace(text_.substr(pos_ + 1, eol - pos_ - 1));
    pos_ = eol;
    return finish(t, TokenKind::Comment);
  }

  Token& tag_value(Token& t) {
    ++pos_;
    while (pos_ < text_.size() && text_[pos_] != '"' && text_[pos_] != '\n') {
      if (text_[pos_] == '\\' && pos_ + 1 < text_.size() && (text_[pos_ + 1] == '"' || text_[pos_ + 1] == '\\')) ++pos_;
      t.value += text_[pos_++];
    }
    if (pos_ >= text_.size() || text_[pos_] != '"') {
      finish(t, TokenKind::Error);
      // TRANSLATORS: a problem in a PGN file; {value} is in quotes.
      t.value =
          fill(tr("the tag value {value} is not closed by '\"' on its line"), {{"value", quote_for_message(t.text)}});
      return t;
    }
    ++pos_;
    return finish(t, TokenKind::String);
  }

  Token& nag(Token& t) {
    ++pos_;
    while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
    if (pos_ == t.offset + 1) {
      finish(t, TokenKind::Error);
      t.value = tr("'$' must be followed by the number of an annotation glyph, e.g. $1");
      return t;
    }
    return finish(t, TokenKind::Nag);
  }

  // A symbol; one made of digits only is a move number. An en-passant mark
  // written after a move ("exd6e.p.", "exd6 e.p.") stays part of the move.
  Token& symbol(Token& t) {
    bool digits_only = true;
    while (pos_ < text_.size() && is_symbol_char(text_[pos_])) digits_only &= is_digit(text_[pos_++]);
    if (digits_only) return finish(t, TokenKind::MoveNumber);
    const std::string_view rest = text_.substr(pos_);
    if (text_[pos_ - 1] == 'e' && rest.starts_with(".p.")) pos_ += 3;
    else if (rest.starts_with(" e.p.")) pos_ += 5;
    else if (rest.starts_with("e.p.")) pos_ += 4;
    while (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '#')) ++pos_;
    return finish(t, TokenKind::Symbol);
  }

  std::string_view text_;
  std::size_t& pos_;
  std::size_t& line_;
};

std::string describe(const Token& t) {
  return t.kind == TokenKind::End ? std::string(tr("the end of the file")) : quote_for_message(t.text);
}

// The NAG a Nag or Annotation token stands for: "$n" is n, the suffix
// annotations are 1 to 6 ("!", "?", "!!", "??", "!?", "?!"); 0 for any other
// (a NAG beyond 255, "!!!").
int nag_of(const Token& t) {
  if (t.kind == TokenKind::Nag) {
    const std::string_view digits = t.text.substr(1);
    const std::size_t first = std::min(digits.find_first_not_of('0'), digits.size());
    if (digits.size() - first > 3) return 0;
    int value = 0;
    for (char c : digits.substr(first)) value = value * 10 + (c - '0');
    return value <= 255 ? value : 0;
  }
  constexpr std::array<std::string_view, 6> SUFFIXES = {"!", "?", "!!", "??", "!?", "?!"};
  for (std::size_t i = 0; i < SUFFIXES.size(); ++i)
    if (t.text == SUFFIXES[i]) return int(i) + 1;
  return 0;
}


}  // namespace

std::string PgnGame::tag(std::string_view name) const {
  for (const auto& [key, value] : tags)
    if (key == name) return value;
  return "";
}

std::string write_pgn_tags(std::span<const std::pair<std::string, std::string>> tags, const Position& start,
                           std::string_view result) {
  constexpr std::array<std::pair<std::string_view, std::string_view>, 7> ROSTER = {{
      {"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
      {"White", "?"}, {"Black", "?"}, {"Result", ""},
  }};
  const auto is_roster = [&](std::string_view name) {
    for (const auto& [key, fallback] : ROSTER)
      if (key == name) return true;
    return false;
  };
  const auto find_tag = [&](std::string_view name) -> const std::string* {
    for (const auto& tag : tags)
      if (tag.first == name) return &tag.second;
    return nullptr;
  };

  std::string out;
  const auto write_tag = [&](std::string_view name, std::string_view value) {
    out += '[' + sanitise_tag_name(name) + " \"" + escape_tag_value(value) + "\"]\n";
  };
  for (const auto& [name, fallback] : ROSTER) {
    const std::string* value = find_tag(name);
    if (name == "Result") write_tag(name, is_result_token(result) ? result : "*");
    else write_tag(name, value ? std::string_view(*value) : fallback);
  }
  for (const auto& [name, value] : tags)
    if (!is_roster(name) && name != "SetUp" && name != "FEN" && name != "Variant") write_tag(name, value);
  const Variant variant = start.variant();
  if (variant != Variant::Standard) write_tag("Variant", names_of(variant).pgn);
  if (variant == Variant::Chess960 || start.fen() != Position(variant).fen()) {  // lichess writes every 960 start
    write_tag("SetUp", "1");
    write_tag("FEN", start.fen());
  }
  out += '\n';
  return out;
}

void PgnMovetextWriter::add(std::string token) {
  tokens_.push_back(opening_ + std::move(token));
  opening_.clear();
}

void PgnMovetextWriter::move(const Position& before, std::string_view san) {
  const std::string number = std::to_string(before.fullmove_number());
  if (before.side_to_move() == WHITE) add(number + ".");
  else if (number_due_) add(number + "...");
  add(std::string(san));
  number_due_ = false;
}

void PgnMovetextWriter::nag(int nag) {
  if (nag > 0 && nag <= 255) add("$" + std::to_string(nag));
}

void PgnMovetextWriter::comment(std::string_view text) {
  std::vector<std::string> words;
  add_comment_tokens(words, text);
  if (words.empty()) return;
  for (std::string& word : words) add(std::move(word));
  number_due_ = true;
}

void PgnMovetextWriter::begin_variation() {
  opening_ += '(';
  number_due_ = true;
}

void PgnMovetextWriter::end_variation() {
  if (!opening_.empty() || tokens_.empty()) add("");  // an empty variation: "()"
  if (tokens_.back().size() < MAX_LINE) tokens_.back() += ')';
  else tokens_.emplace_back(")");  // many variations closing at once: on more than one line
  number_due_ = true;
}

std::string PgnMovetextWriter::finish(std::string_view result) const {
  std::vector<std::string> tokens = tokens_;
  if (!opening_.empty()) tokens.push_back(opening_);
  tokens.emplace_back(is_result_token(result) ? result : "*");
  return wrap_tokens(tokens);
}

std::string write_pgn(const PgnGame& game) {
  std::string out = write_pgn_tags(game.tags, game.start, game.result);
  PgnMovetextWriter movetext;
  Position pos = game.start;
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    const Move m = game.moves[i];
    if (!pos.is_legal(m)) {
      movetext.comment("the game record goes on with " + to_uci(m) + ", which is not a legal move here");
      break;
    }
    movetext.move(pos, to_san(pos, m));
    pos.do_move(m);
    if (i < game.nags_after.size()) movetext.nag(game.nags_after[i]);
    if (i < game.comments_after.size()) movetext.comment(game.comments_after[i]);
  }
  out += movetext.finish(game.result);
  out += '\n';
  return out;
}

std::optional<Result<PgnGame>> PgnReader::next() { return read_game(nullptr); }

std::optional<Result<PgnGame>> PgnReader::next(MovetextListener& listener) { return read_game(&listener); }

std::optional<Result<PgnGame>> PgnReader::read_game(MovetextListener* listener) {
  Lexer lexer(text_, pos_, line_);
  // Comments after the last tag (or before the moves of a game without tags):
  // the game's comment, for a listener; comments before and between tags are dropped.
  std::vector<std::string> opening_comments;
  const auto skip_comments = [&](Token& tok) {
    for (; tok.kind == TokenKind::Comment; tok = lexer.next())
      if (!tok.value.empty()) opening_comments.push_back(tok.value);
  };
  Token tok = lexer.next();
  skip_comments(tok);
  if (tok.kind == TokenKind::End) return std::nullopt;

  const int number = ++game_number_;
  const auto fail = [&](std::size_t line, std::size_t offset, const std::string& message) {
    resynchronise(offset, line);
    // TRANSLATORS: where a PGN file has a problem: the game's number in the file and the line's.
    return Failure{fill(tr("game {game}, line {line}: {problem}"),
                        {{"game", std::to_string(number)}, {"line", std::to_string(line)}, {"problem", message}})};
  };
  const auto fail_at = [&](const Token& at, const std::string& message) { return fail(at.line, at.offset, message); };
  PgnGame game;
  // A move that cannot be played: the whole game fails, or (UpToError) it ends before that move.
  const auto bad_move = [&](const Token& at, const std::string& message) -> Result<PgnGame> {
    // Text with no tags and not one move (a letter, a note, any file that is not PGN) is no game at all.
    if (moves_ == Moves::Whole || (game.tags.empty() && game.moves.empty())) return fail_at(at, message);
    resynchronise(at.offset, at.line);
    // TRANSLATORS: where a PGN file has a problem: the number of its line.
    game.cut_short = fill(tr("line {line}: {problem}"), {{"line", std::to_string(at.line)}, {"problem", message}});
    game.result = "*";
    return std::move(game);
  };

  std::vector<Token> tag_tokens;  // the '[' of each tag, for messages about its value
  while (tok.kind == TokenKind::TagOpen) {
    const Token open = tok;
    const Token name = lexer.next();
    if (name.kind == TokenKind::Error) return fail_at(name, name.value);
    if (name.kind != TokenKind::Symbol || !is_letter(name.text[0]))
      // TRANSLATORS: {found} is what the PGN file has instead, in quotes, or "the end of the file".
      return fail_at(name,
                     fill(tr("a tag must read [Name \"value\"], but its name is {found}"), {{"found", describe(name)}}));
    const Token value = lexer.next();
    if (value.kind == TokenKind::Error) return fail_at(value, value.value);
    if (value.kind != TokenKind::String)
      // TRANSLATORS: {tag} is a PGN tag's name, in quotes; {found} what the file has instead.
      return fail_at(value, fill(tr("the tag {tag} needs a value in double quotes, not {found}"),
                                 {{"tag", quote_for_message(name.text)}, {"found", describe(value)}}));
    const Token close = lexer.next();
    if (close.kind == TokenKind::Error) return fail_at(close, close.value);
    if (close.kind != TokenKind::TagClose)
      // TRANSLATORS: {tag} is a PGN tag's name, in quotes; {found} what the file has instead.
      return fail_at(close, fill(tr("the tag {tag} is not closed by ']' (found {found})"),
                                 {{"tag", quote_for_message(name.text)}, {"found", describe(close)}}));
    game.tags.emplace_back(std::string(name.text), value.value);
    tag_tokens.push_back(open);
    opening_comments.clear();
    tok = lexer.next();
    skip_comments(tok);
  }
  Variant variant = Variant::Standard;
  for (std::size_t i = 0; i < game.tags.size(); ++i) {
    const auto& [name, value] = game.tags[i];
    if (name != "Variant" || value.empty()) continue;
    const std::optional<Variant> named = variant_from_name(value);
    if (!named)
      // TRANSLATORS: {variant} is the value of a PGN file's Variant tag, in quotes; {variants} the list of those
      // Gambit plays, as PGN names them ("Standard, Three-check, Chess960, King of the Hill").
      return fail_at(tag_tokens[i], fill(tr("the variant {variant} is not one Gambit plays (it plays {variants})"),
                                         {{"variant", quote_for_message(value)}, {"variants", variant_pgn_list()}}));
    variant = *named;
  }
  game.start = Position(variant);
  for (std::size_t i = 0; i < game.tags.size(); ++i) {
    const auto& [name, value] = game.tags[i];
    if (name == "FEN") {
      Result<Position> start = Position::from_fen(value, variant);
      if (!start)
        return fail_at(tag_tokens[i],
                       fill(tr("the FEN tag is not a valid position: {problem}"), {{"problem", start.error()}}));
      game.start = std::move(start).value();
    }
  }
  if (listener) {
    listener->start(game.start);
    for (const std::string& comment : opening_comments) listener->comment(comment);
  }

  const auto finish_without_result = [&] {
    const std::string declared = game.tag("Result");
    game.result = is_result_token(declared) ? declared : "*";
    return std::move(game);
  };
  // The lines being read, innermost last: the main line, then (for a listener)
  // each variation open. Without a listener variations are skipped unread, and
  // skipped_depth counts their nesting.
  struct Line {
    Position before_last;  // where the last move of the line was played
    Position current;
    bool has_move = false;
  };
  std::vector<Line> lines{Line{game.start, game.start, false}};
  std::size_t skipped_depth = 0;
  const auto depth = [&] { return listener ? lines.size() - 1 : skipped_depth; };
  Token outer_variation;
  for (;; tok = lexer.next()) {
    switch (tok.kind) {
      case TokenKind::Error:
        return fail_at(tok, tok.value);
      case TokenKind::End:
        if (depth() > 0)
          return fail_at(outer_variation, tr("the variation opened here is never closed (')' missing)"));
        return finish_without_result();
      case TokenKind::TagOpen:
        if (depth() > 0) {
          lexer.rewind(tok);
          // TRANSLATORS: where a PGN file has a problem: the game's number in the file and the line's.
          return Failure{fill(tr("game {game}, line {line}: the variation opened here is not closed before the tags on "
                                 "line {tag_line}"),
                              {{"game", std::to_string(number)}, {"line", std::to_string(outer_variation.line)},
                               {"tag_line", std::to_string(tok.line)}})};
        }
        lexer.rewind(tok);
        return finish_without_result();
      case TokenKind::TagClose:
      case TokenKind::String:
        // TRANSLATORS: {found} is a part of a PGN file, in quotes.
        return fail_at(tok, fill(tr("unexpected {found} among the moves"), {{"found", describe(tok)}}));
      case TokenKind::VariationOpen:
        if (depth() == 0) outer_variation = tok;
        if (!listener) {
          ++skipped_depth;
          break;
        }
        if (!lines.back().has_move)
          return fail_at(tok,
                         tr("a variation replaces the move before it, but this '(' comes before any move of its line"));
        if (lines.size() > MAX_VARIATION_DEPTH)
          // TRANSLATORS: {n} counts levels of variations inside variations. The English has no noun after {n}.
          return fail_at(tok, fill(trn("variations are nested more than {n} deep here",
                                       "variations are nested more than {n} deep here", MAX_VARIATION_DEPTH),
                                   {{"n", std::to_string(MAX_VARIATION_DEPTH)}}));
        lines.push_back(Line{lines.back().before_last, lines.back().before_last, false});
        listener->begin_variation();
        break;
      case TokenKind::VariationClose:
        if (depth() == 0) return fail_at(tok, tr("')' closes no variation"));
        if (!listener) {
          --skipped_depth;
          break;
        }
        lines.pop_back();
        listener->end_variation();
        break;
      case TokenKind::Comment:
        if (tok.value.empty()) break;
        if (depth() == 0 && !game.moves.empty()) {
          std::string& comment = game.comments_after.back();
          comment += (comment.empty() ? "" : " ") + tok.value;
        }
        if (listener) listener->comment(tok.value);
        break;
      case TokenKind::Nag:
      case TokenKind::Annotation:
        if (const int nag = nag_of(tok); listener && nag > 0) listener->nag(nag);
        break;
      case TokenKind::MoveNumber:
      case TokenKind::Period:
        break;
      case TokenKind::Symbol: {
        if (depth() > 0 && !listener) break;
        if (is_result_token(tok.text)) {
          if (depth() > 0) break;  // a variation's "result": the game's is what counts
          game.result = std::string(tok.text);
          return game;
        }
        Line& line = lines.back();
        const Position& pos = line.current;
        // The problem with a move, said with where it is: "at white's move 5, 'Ke3' is not a legal move ...".
        const auto at_move = [&](const std::string& problem) {
          const bool white = pos.side_to_move() == WHITE;
          // TRANSLATORS: {n} is the number of a move in the game; {problem} what is wrong with the move there.
          const char* pattern = depth() > 0 ? white ? tr("in a variation, at white's move {n}, {problem}")
                                                    : tr("in a variation, at black's move {n}, {problem}")
                                : white     ? tr("at white's move {n}, {problem}")
                                            : tr("at black's move {n}, {problem}");
          return fill(pattern, {{"n", std::to_string(pos.fullmove_number())}, {"problem", problem}});
        };
        if (tok.text == "--" || tok.text == "Z0")
          // TRANSLATORS: {move} is a move of a PGN file, in quotes.
          return bad_move(tok, at_move(fill(tr("the null move {move} is not supported"), {{"move", describe(tok)}})));
        if (pos.over_by_goal())
          // TRANSLATORS: {move} is a move of a PGN file, in quotes; {ending} how the game ended by its variant's goal
          // ("White wins by giving a third check").
          return bad_move(tok, at_move(fill(tr("{move} comes after the game ended: {ending}"),
                                            {{"move", describe(tok)}, {"ending", Game{pos}.outcome().description()}})));
        Result<Move> move = parse_san(pos, tok.text);
        if (!move) return bad_move(tok, at_move(move.error()));
        line.before_last = line.current;
        line.current.do_move(*move);
        line.has_move = true;
        if (depth() == 0) {
          game.moves.push_back(*move);
          game.comments_after.emplace_back();
        }
        if (listener) listener->move(*move);
        break;
      }
    }
  }
}

void PgnReader::resynchronise(std::size_t error_offset, std::size_t error_line) {
  std::size_t start = text_.find('\n', error_offset);
  std::size_t line = error_line + 1;
  bool previous_blank = false;
  while (start != std::string_view::npos && ++start < text_.size()) {
    std::size_t end = text_.find('\n', start);
    if (end == std::string_view::npos) end = text_.size();
    std::string_view content = text_.substr(start, end - start);
    while (!content.empty() && (content.front() == ' ' || content.front() == '\t')) content.remove_prefix(1);
    if (content.starts_with('[') && (previous_blank || content.starts_with("[Event"))) {
      pos_ = start;
      line_ = line;
      return;
    }
    previous_blank = content.find_first_not_of(" \t\r\f\v") == std::string_view::npos;
    start = end == text_.size() ? std::string_view::npos : end;
    ++line;
  }
  pos_ = text_.size();
  line_ = line;
}

}  // namespace gambit::chess
