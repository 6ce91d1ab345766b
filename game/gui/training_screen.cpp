// SPDX-License-Identifier: MIT
// TrainingScreen: input and flow.
#include "game/gui/training_screen.h"

#include <cstdio>
#include <ctime>
#include <map>
#include <utility>

#include "core/chess/san.h"
#include "core/chess/uci.h"
#include "core/learn/puzzle_choice.h"
#include "core/learn/puzzle_themes.h"
#include "core/review/tactics.h"
#include "core/util/install_layout.h"
#include "core/util/local_time.h"
#include "core/util/text_file.h"
#include "core/util/translation.h"
#include "game/gui/app.h"
#include "game/gui/board_mouse.h"

namespace gambit::gui {

namespace {

using Clock = std::chrono::steady_clock;
constexpr std::chrono::milliseconds ReplyDelay{500};    // lichess answers after about half a second
constexpr std::chrono::milliseconds SolutionStep{700};  // between the solution's moves as they play out
constexpr std::size_t SolutionPlies = 8;                // a practised position's line, at most
constexpr int DueAtOnce = 200;                          // practice positions read when the screen opens
// The analyser's searches yield to the window's thread, as the review's do.
constexpr int CheckNiceness = 5;


Sound sound_of(const chess::Position& before, chess::Move move) {
  chess::Position after = before;
  after.do_move(move);
  if (after.in_check()) return Sound::Check;
  return before.captured_type(move) != chess::NO_PIECE_TYPE ? Sound::Capture : Sound::Move;
}

// A practised position's other move, judged by the analyser no better: "Nf3 is a mistake as well: <why>".
std::string judged_too(const std::string& san, const review::MoveVerdict& verdict) {
  const std::string& words = verdict.shown_reason.empty() ? verdict.reason : verdict.shown_reason;
  const Placeholder move{"move", san}, reason{"reason", words};
  const bool why = !words.empty();
  switch (verdict.judgement) {
    case review::Judgement::Inaccuracy:
      // TRANSLATORS: {move}: a move ("Nf3") judged an inaccuracy, as the game's move was; {reason}: why, a sentence.
      return why ? fill(tr("{move} is an inaccuracy as well: {reason}"), {move, reason})
                 : fill(tr("{move} is an inaccuracy as well."), {move});
    case review::Judgement::Mistake:
      return why ? fill(tr("{move} is a mistake as well: {reason}"), {move, reason})
                 : fill(tr("{move} is a mistake as well."), {move});
    case review::Judgement::Blunder:
      return why ? fill(tr("{move} is a blunder as well: {reason}"), {move, reason})
                 : fill(tr("{move} is a blunder as well."), {move});
    case review::Judgement::Good: break;  // not reached: a good move is accepted (checked)
  }
  return san + " is a good move as well" + (why ? ": " + words : ".");
}

// A hint: the piece to move, "Move the knight on f3."
std::string move_the_piece(const chess::Position& pos, chess::Square s) {
  const Placeholder square{"square", chess::square_name(s)};
  switch (chess::type_of(pos.piece_on(s))) {
    // TRANSLATORS: a hint in a puzzle: the piece to move; {square}: where it stands ("f3").
    case chess::PAWN: return fill(tr("Move the pawn on {square}."), {square});
    case chess::KNIGHT: return fill(tr("Move the knight on {square}."), {square});
    case chess::BISHOP: return fill(tr("Move the bishop on {square}."), {square});
    case chess::ROOK: return fill(tr("Move the rook on {square}."), {square});
    case chess::QUEEN: return fill(tr("Move the queen on {square}."), {square});
    // TRANSLATORS: a hint in a puzzle: the piece to move is the king.
    case chess::KING: return tr("Move the king.");
    default: break;
  }
  return "Move " + review::the_piece_on(pos, s) + ".";  // not reached: a hint is a square with a piece
}

}  // namespace

TrainingScreen::TrainingScreen(App& app, Kind kind) : Screen(app), kind_(kind), random_(std::random_device{}()) {
  // TRANSLATORS: short button labels (a row of three): Hint shows the piece to move.
  buttons_.add(Action::Hint, tr("Hint"), tr("The piece to move; the first try then no longer counts (H)"));
  // TRANSLATORS: a short button label: show the solution.
  buttons_.add(Action::Solution, tr("Solution"), tr("Play the solution out from where you are (S)"));
  // TRANSLATORS: a short button label: try the position again.
  buttons_.add(Action::Retry, tr("Retry"), tr("Try this position again (R)"));
  // TRANSLATORS: a short button label: the next position or puzzle.
  buttons_.add(Action::Next, tr("Next"),
               kind_ == Kind::Practice ? tr("The next position to practise (N, Enter)") : tr("Another puzzle (N, Enter)"));
  // TRANSLATORS: a short button label: turn the board around.
  buttons_.add(Action::Flip, tr("Flip"), tr("Turn the board around (F)"));
  // TRANSLATORS: a short button label: back to the screen before.
  buttons_.add(Action::Back, tr("Back"), tr("Back to the menu (Esc)"));
  store::Store* store = app_.setup().store();
  if (!store) {
    problem_ = fill(tr("Nothing can be kept without the scores store: {reason}"), {{"reason", app_.setup().store_problem()}});
    return;
  }
  if (kind_ == Kind::Puzzles) {
    const std::filesystem::path path = data_directory() / "puzzles.tsv";
    auto text = read_text_file(path.string());
    if (!text) {
      problem_ = fill(tr("The puzzles could not be read: {reason}. They come with Gambit (share/gambit/puzzles.tsv); "
                         "installing Gambit again brings them back."),
                      {{"reason", text.error()}});
      return;
    }
    learn::PuzzleFile file = learn::read_puzzles(*text);
    for (const std::string& line : file.problems) std::fprintf(stderr, "gambit: %s: %s\n", path.c_str(), line.c_str());
    if (!file.problems.empty())
      // TRANSLATORS: the English says "puzzles" even for one.
      app_.toast(fill(trn("{n} puzzles of the file could not be read and are left out (the terminal says why).",
                          "{n} puzzles of the file could not be read and are left out (the terminal says why).",
                          file.problems.size()),
                      {{"n", std::to_string(file.problems.size())}}));
    puzzles_ = std::move(file.puzzles);
    if (puzzles_.empty()) {
      problem_ = fill(tr("The puzzle file {path} has no puzzle in it."), {{"path", path.string()}});
      return;
    }
    std::map<std::string, int> counts;
    for (const learn::Puzzle& p : puzzles_)
      for (const std::string& theme : p.themes) ++counts[theme];
    // TRANSLATORS: the label of the choice of the puzzles' theme (a tactic: fork, pin, mate in 2...).
    theme_choice_.label = tr("Theme");
    theme_choice_.label_share = 0.28f;
    // TRANSLATORS: puzzles of any theme; {n}: how many puzzles there are.
    theme_choice_.items = {fill(tr("Any ({n})"), {{"n", std::to_string(puzzles_.size())}})};
    theme_ids_ = {""};
    for (const std::string_view theme : learn::puzzle_theme_names())
      if (const auto found = counts.find(std::string(theme)); found != counts.end()) {
        theme_choice_.items.push_back(learn::theme_title(theme) + " (" + std::to_string(found->second) + ")");
        theme_ids_.emplace_back(theme);
      }
    if (auto rating = store->puzzles().puzzle_rating()) rating_ = rating.value();
    else app_.toast(fill(tr("Your puzzle rating could not be read: {reason}"), {{"reason", rating.error()}}));
  } else {
    auto due = store->practice().practice_due(unix_now(), DueAtOnce);
    if (!due) {
      problem_ = fill(tr("The positions to practise could not be read: {reason}"), {{"reason", due.error()}});
      return;
    }
    std::size_t other_variants = 0;
    for (store::PracticePosition& p : due.value()) {
      if (p.variant == chess::names_of(chess::Variant::Standard).id) due_.push_back(std::move(p));
      else ++other_variants;
    }
    if (other_variants > 0)
      // TRANSLATORS: the English says "positions" even for one.
      app_.toast(fill(trn("{n} positions of three-check games wait: practice is of standard chess for now.",
                          "{n} positions of three-check games wait: practice is of standard chess for now.",
                          other_variants),
                      {{"n", std::to_string(other_variants)}}));
  }
  next();
}

void TrainingScreen::next() {
  session_.reset();
  check_.reset();
  practice_.reset();
  rescheduled_.reset();
  change_.reset();
  alternative_.reset();
  hint_.reset();
  solution_.clear();
  solution_text_.clear();
  solution_shown_.reset();
  recorded_ = false;
  other_move_accepted_ = false;
  verdict_.clear();
  tone_ = Tone::Neutral;
  input_.reset();
  store::Store* store = app_.setup().store();
  if (!store) return;
  if (kind_ == Kind::Practice) {
    while (due_index_ < due_.size()) {
      store::PracticePosition p = due_[due_index_++];
      learn::Puzzle puzzle;
      puzzle.id = "practice-" + std::to_string(p.id);
      puzzle.fen = p.fen;
      auto start = chess::Position::from_fen(p.fen);
      auto best = start ? chess::parse_uci_move(*start, p.best) : Result<chess::Move>(Failure{start.error()});
      if (!best) {  // a damaged record: said, and the next one is taken
        std::fprintf(stderr, "gambit: practice position %lld cannot be shown: %s\n", (long long)p.id, best.error().c_str());
        continue;
      }
      puzzle.solution = {*best};
      auto played = chess::parse_uci_move(*start, p.played);
      practice_played_ = played ? chess::to_san(*start, *played) : p.played;
      practice_ = std::move(p);
      start_attempt(std::move(puzzle));
      return;
    }
    problem_ = due_.empty()
                   ? tr("Nothing to practise today. After a game's review, your own mistakes (?) and blunders (?\?) "
                        "come here to be found again, and come back on later days until you find them.")
                   // TRANSLATORS: {n}: the positions practised today; {found}: how many of them were found at the
                   // first try.
                   : fill(trn("All done for today: {n} practised, {found} found at the first try. The ones missed "
                              "come back tomorrow, the ones found a few days later.",
                              "All done for today: {n} practised, {found} found at the first try. The ones missed "
                              "come back tomorrow, the ones found a few days later.",
                              tried_count_),
                          {{"n", std::to_string(tried_count_)}, {"found", std::to_string(solved_count_)}});
    return;
  }
  auto attempted = store->puzzles().attempted_puzzles();
  if (!attempted) app_.toast(fill(tr("The puzzles you tried could not be read: {reason}"), {{"reason", attempted.error()}}));
  learn::PuzzleRequest request;
  request.rating = rating_ ? rating_->rating.rating : request.rating;
  if (!theme_ids_.empty() && !theme_ids_[theme_choice_.index].empty()) request.themes = {theme_ids_[theme_choice_.index]};
  const learn::Puzzle* puzzle =
      learn::choose_puzzle(puzzles_, request, attempted ? attempted.value() : std::set<std::string>{}, random_);
  if (puzzle) start_attempt(*puzzle);
}

void TrainingScreen::start_attempt(learn::Puzzle puzzle) {
  session_.emplace(std::move(puzzle));
  board_.set_flipped(session_->solver() == chess::BLACK);
  app_.invalidate();
}

const chess::Position& TrainingScreen::shown() const {
  if (solution_shown_) return solution_position_;
  if (alternative_) return alternative_position_;
  return session_->position();
}

std::optional<chess::Move> TrainingScreen::shown_last_move() const {
  if (solution_shown_) {
    if (*solution_shown_ > 0) return solution_[*solution_shown_ - 1];
    return std::nullopt;
  }
  if (alternative_) return alternative_;
  if (!session_->moves().empty()) return session_->moves().back();
  return std::nullopt;
}

bool TrainingScreen::attempt_over() const { return session_ && session_->state() != learn::PuzzleSession::State::Solving; }

bool TrainingScreen::may_move() const {
  return session_ && session_->state() == learn::PuzzleSession::State::Solving && !session_->reply_due() && !check_ &&
         !alternative_ && !solution_shown_;
}

void TrainingScreen::play(chess::Move move) {
  if (!may_move()) return;
  const chess::Position before = session_->position();
  app_.assets().play(sound_of(before, move));
  hint_.reset();
  if (kind_ == Kind::Practice && move != session_->puzzle().solution.front()) {
    // Not the best move: the analyser says whether it is good all the same.
    auto analysers = app_.setup().review_analysers(chess::Variant::Standard);
    if (!analysers) {
      verdict_ = fill(tr("Your move cannot be checked: {reason}"), {{"reason", analysers.error()}});
      tone_ = Tone::Wrong;
      return;
    }
    chess::PgnGame game;
    game.start = before;
    game.moves = {move};
    check_ = std::make_unique<review::ReviewTask>(std::move(analysers).value(), std::move(game),
                                                  app_.setup().settings().review.limits(), CheckNiceness);
    alternative_ = move;
    alternative_position_ = before;
    alternative_position_.do_move(move);
    // TRANSLATORS: the analyser checks the move played ("Nf3") in a practised position.
    verdict_ = fill(tr("Checking {move}..."), {{"move", chess::to_san(before, move)}});
    tone_ = Tone::Neutral;
    return;
  }
  const std::string san = chess::to_san(before, move);
  switch (session_->play(move)) {
    case learn::PuzzleSession::Verdict::Illegal: break;
    case learn::PuzzleSession::Verdict::Right:
      verdict_ = fill(tr("{move} is right. Keep going."), {{"move", san}});
      tone_ = Tone::Right;
      reply_at_ = Clock::now() + ReplyDelay;
      break;
    case learn::PuzzleSession::Verdict::Solved:
      solved(kind_ == Kind::Practice ? fill(tr("{move} is the best move."), {{"move", san}})
                                     : fill(tr("{move} solves it."), {{"move", san}}));
      break;
    case learn::PuzzleSession::Verdict::Wrong: missed(fill(tr("{move} is not the move."), {{"move", san}})); break;
  }
}

void TrainingScreen::checked(const review::GameReview& review) {
  const chess::Move move = *alternative_;
  alternative_.reset();
  const chess::Position& before = session_->position();
  const std::string san = chess::to_san(before, move);
  const review::MoveVerdict& verdict = review.moves.front();
  if (verdict.judgement == review::Judgement::Good) {
    other_move_accepted_ = true;
    session_->accept(move);
    // TRANSLATORS: {move}: the move played ("Nf3"), good although not the best; {best}: the best move ("Bc4").
    solved(fill(tr("{move} is good too. The analyser's first choice was {best}."),
                {{"move", san}, {"best", chess::to_san(before, session_->puzzle().solution.front())}}));
    return;
  }
  session_->play(move);
  missed(judged_too(san, verdict));
}

void TrainingScreen::solved(const std::string& words) {
  verdict_ = words;
  if (!session_->first_result().value_or(true)) verdict_ += std::string(" ") + tr("The first try counts: it was missed.");
  tone_ = Tone::Right;
  record(session_->first_result().value_or(true));
}

void TrainingScreen::missed(const std::string& words) {
  verdict_ = words + " " + tr("Retry (Ctrl+R), or see the solution (Ctrl+S).");
  tone_ = Tone::Wrong;
  record(false);
}

void TrainingScreen::record(bool solved) {
  if (recorded_) return;
  recorded_ = true;
  ++tried_count_;
  if (solved) ++solved_count_;
  store::Store* store = app_.setup().store();
  if (!store) return;
  if (kind_ == Kind::Practice) {
    auto kept = store->practice().record_practice_attempt(practice_->id, solved, unix_now());
    if (kept) rescheduled_ = kept.value().schedule;
    else app_.toast(fill(tr("This attempt could not be kept: {reason}"), {{"reason", kept.error()}}));
    return;
  }
  auto result = store->puzzles().record_puzzle_attempt(session_->puzzle(), solved, unix_now());
  if (!result) {
    app_.toast(fill(tr("This attempt could not be kept: {reason}"), {{"reason", result.error()}}));
    return;
  }
  change_ = result.value();
  rating_ = store::PuzzleRating{result.value().after, (rating_ ? rating_->attempts : 0) + 1};
}

void TrainingScreen::show_solution() {
  if (!session_ || check_) return;
  alternative_.reset();
  if (!attempt_over()) {  // seeing the solution gives the puzzle up
    session_->give_up();
    verdict_ = tr("Given up: the solution plays out.");
    tone_ = Tone::Wrong;
    record(false);
  }
  if (kind_ == Kind::Practice) {
    // The analyser's whole line from the position, as the review saw it.
    solution_position_ = chess::Position::from_fen(session_->puzzle().fen).value();
    solution_ = chess::legal_uci_prefix(solution_position_, practice_->line, SolutionPlies);
    if (solution_.empty()) solution_ = session_->puzzle().solution;
  } else {
    solution_position_ = session_->position_before_mistake();
    solution_ = session_->solution_from_mistake();
  }
  solution_text_ = chess::to_san_line(solution_position_, solution_);
  solution_shown_ = 0;
  solution_next_at_ = Clock::now() + SolutionStep / 2;
  app_.invalidate();
}

void TrainingScreen::retry() {
  if (!session_ || check_) return;
  session_->retry();
  alternative_.reset();
  solution_.clear();
  solution_text_.clear();
  solution_shown_.reset();
  hint_.reset();
  verdict_.clear();
  tone_ = Tone::Neutral;
  input_.reset();
  app_.invalidate();
}

void TrainingScreen::update() {
  if (check_) {
    std::vector<std::optional<review::PositionVerdict>> verdicts;
    const review::ReviewTask::Progress progress = check_->take_verdicts(verdicts);
    if (progress.finished) {
      std::optional<review::GameReview> review = check_->take_review();
      check_.reset();
      if (review && !review->moves.empty()) {
        checked(*review);
      } else {
        alternative_.reset();
        verdict_ = fill(tr("Your move could not be checked: {reason}. Try again."), {{"reason", progress.failure}});
        tone_ = Tone::Wrong;
      }
      app_.invalidate();
    }
  }
  if (session_ && session_->reply_due() && Clock::now() >= reply_at_) {
    const chess::Position before = session_->position();
    if (auto reply = session_->play_reply()) app_.assets().play(sound_of(before, *reply));
    app_.invalidate();
  }
  if (solution_shown_ && *solution_shown_ < solution_.size() && Clock::now() >= solution_next_at_) {
    const chess::Move m = solution_[*solution_shown_];
    app_.assets().play(sound_of(solution_position_, m));
    solution_position_.do_move(m);
    ++*solution_shown_;
    solution_next_at_ = Clock::now() + SolutionStep;
    app_.invalidate();
  }
}

std::chrono::milliseconds TrainingScreen::redraw_interval() const {
  if (check_ || (session_ && session_->reply_due()) || (solution_shown_ && *solution_shown_ < solution_.size()))
    return Tick;
  return input_.dragging() ? Continuous : Idle;
}

void TrainingScreen::run(Action action) {
  switch (action) {
    case Action::Hint:
      if (may_move()) {
        hint_ = session_->hint();
        if (hint_) {
          verdict_ = move_the_piece(session_->position(), *hint_);
          tone_ = Tone::Neutral;
        }
      }
      break;
    case Action::Solution: show_solution(); break;
    case Action::Retry: retry(); break;
    case Action::Next:
      if (!check_ && (problem_.empty() || kind_ == Kind::Puzzles)) next();
      break;
    case Action::Flip: board_.set_flipped(!board_.flipped()); break;
    case Action::Back: app_.pop(); break;
  }
  app_.invalidate();
}

void TrainingScreen::handle_board(const sf::Event& event) {
  if (!session_) return;
  const BoardInput::Action action = board_mouse(input_, board_, session_->position(), event, may_move());
  if (action.kind == BoardInput::Action::Kind::Move) play(action.move);
  if (event.type == sf::Event::MouseButtonPressed || event.type == sf::Event::MouseButtonReleased) app_.invalidate();
}

void TrainingScreen::handle(const sf::Event& event) {
  layout(app_.window().getView().getSize());
  if (event.type == sf::Event::MouseMoved) {
    mouse_ = {float(event.mouseMove.x), float(event.mouseMove.y)};
    if (input_.dragging()) app_.invalidate();
  }
  if (auto action = buttons_.clicked(event)) return run(*action);
  if (kind_ == Kind::Puzzles && problem_.empty() && theme_choice_.handle(event)) return run(Action::Next);
  // The commands are Ctrl and a letter, as on Play: a letter alone types a move (Re1, Nf3, h4).
  if (event.type == sf::Event::KeyPressed && event.key.control) {
    switch (event.key.code) {
      case sf::Keyboard::H: return run(Action::Hint);
      case sf::Keyboard::S: return run(Action::Solution);
      case sf::Keyboard::R: return run(Action::Retry);
      case sf::Keyboard::N: return run(Action::Next);
      case sf::Keyboard::F: return run(Action::Flip);
      case sf::Keyboard::T:
        if (kind_ == Kind::Puzzles && !theme_choice_.items.empty()) {
          theme_choice_.index = (theme_choice_.index + (event.key.shift ? theme_choice_.items.size() - 1 : 1)) %
                                theme_choice_.items.size();
          return run(Action::Next);
        }
        return;
      default: break;
    }
  }
  if (session_) {
    const MoveBox::Input input = move_box_.handle(event);
    if (input == MoveBox::Input::Submitted) {
      if (!may_move())
        move_box_.refuse(tr("Not now: the attempt is over (Ctrl+R retries, Ctrl+N goes to the next)."));
      else if (const std::optional<chess::Move> move = move_box_.take_move(session_->position()))
        play(*move);
    }
    if (input != MoveBox::Input::Ignored) return app_.invalidate();
  }
  if (event.type == sf::Event::KeyPressed) {
    switch (event.key.code) {
      case sf::Keyboard::Enter: return run(Action::Next);  // the box empty: the next position
      case sf::Keyboard::Escape:
      case sf::Keyboard::Backspace: return run(Action::Back);
      default: return;
    }
  }
  handle_board(event);
}

}  // namespace gambit::gui
