// SPDX-License-Identifier: MIT
#include "game/gui/games_screen.h"

#include <algorithm>
#include <cmath>

#include "core/util/translation.h"
#include "game/gui/app.h"
#include "game/gui/layout_log.h"
#include "game/gui/user_files.h"

namespace gambit::gui {

namespace fs = std::filesystem;
using database::GameOrder;

namespace {

constexpr float Margin = 20;
constexpr float RowHeight = 22;
constexpr float HeadHeight = 24;
constexpr unsigned RowText = 13;

// The list's columns: what each shows, its share of the width, and the order its title sorts by.
struct Column {
  const char* title;
  float share;
  GameOrder::By by;
};
// TRANSLATORS: the game list's column titles (Elo: a rating; ECO: an opening's code), each in a narrow column.
constexpr Column Columns[] = {
    {N_("White"), 0.17f, GameOrder::By::White},   {N_("Elo"), 0.06f, GameOrder::By::WhiteElo},
    {N_("Black"), 0.17f, GameOrder::By::Black},   {N_("Elo"), 0.06f, GameOrder::By::BlackElo},
    {N_("Result"), 0.10f, GameOrder::By::Result}, {N_("Date"), 0.11f, GameOrder::By::Date},
    {N_("Event"), 0.175f, GameOrder::By::Event},  {N_("ECO"), 0.065f, GameOrder::By::Eco},
    {N_("Moves"), 0.09f, GameOrder::By::Plies},
};
constexpr std::size_t ColumnCount = std::size(Columns);

std::string cell(const database::GameHeader& h, std::size_t column) {
  const auto elo = [](int e) { return e > 0 ? std::to_string(e) : std::string(); };
  switch (column) {
    case 0: return h.white;
    case 1: return elo(h.white_elo);
    case 2: return h.black;
    case 3: return elo(h.black_elo);
    case 4: return h.result == "1/2-1/2" ? "½-½" : h.result;
    case 5: return h.date;
    case 6: return h.event;
    case 7: return h.eco;
    default: return std::to_string((h.plies + 1) / 2);
  }
}

// "12,345": a count people read at a glance.
std::string grouped(std::int64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string duration_text(double seconds) {
  if (seconds < 0) return "?";
  const long s = std::lround(seconds);
  return s >= 60 ? std::to_string(s / 60) + " min " + std::to_string(s % 60) + " s" : std::to_string(s) + " s";
}

}  // namespace

GamesScreen::GamesScreen(App& app, page::Games page) : Screen(app), at_(std::move(page.at)) {
  add_buttons();
  // TRANSLATORS: the prompt in the game list's search field.
  player_.prompt = tr("Type a player's name");
  const fs::path folder = app_.setup().database_folder();
  std::error_code error;
  fs::create_directories(folder, error);
  if (store::Store* store = app_.setup().store())
    if (auto made = refresh_my_games(*store, folder); !made)
      app_.toast(fill(tr("My games could not be brought up to date: {reason}"), {{"reason", made.error()}}));
  if (page.open) open_file(*page.open);
  else show_database(app_.setup().current_database());
}

GamesScreen::~GamesScreen() {
  if (import_) {
    import_->stop = true;  // the batch in hand is kept; opened again, the file goes on from there
    import_->thread.join();
  }
}

void GamesScreen::add_buttons() {
  using A = Action;
  // TRANSLATORS: the game list's buttons (short) and their tooltips.
  buttons_.add(A::OpenFile, tr("Open PGN"), tr("Open a PGN file (also .gz, .bz2, .xz, .zst) as a database (Ctrl+O)"));
  buttons_.add(A::AddFile, tr("Add PGN"), tr("Import a PGN file's games into this database (Ctrl+I)"));
  buttons_.add(A::Position, tr("Position"), tr("Only the games that reached a position, given as a FEN (Ctrl+F)"));
  buttons_.add(A::ClearPosition, tr("Any position"), tr("Every game again, at any position (Ctrl+L)"));
  buttons_.add(A::StopImport, tr("Stop import"), tr("Stop the import; open the file again to go on (Esc)"));
  buttons_.add(A::Back, tr("Back"), tr("Back to the screen before (Esc)"));
}

void GamesScreen::open_file(const fs::path& path) {
  if (is_database_file(path)) return show_database(path);
  const fs::path into = database_for_pgn(app_.setup().database_folder(), path);
  show_database(into);
  if (db_) start_import(path, into);
}

void GamesScreen::show_database(const fs::path& path) {
  if (import_ && import_->file != path) {
    import_->stop = true;
    finish_import();
  }
  shelf_ = shelved_databases(app_.setup().database_folder());
  if (std::none_of(shelf_.begin(), shelf_.end(), [&](const ShelvedDatabase& d) { return d.path == path; }))
    shelf_.push_back({path, name_of(path), false});
  database_choice_ = Choice{};
  // TRANSLATORS: the label of the game list's choice of database.
  database_choice_.label = tr("Database");
  database_choice_.label_share = 0.3f;
  for (const ShelvedDatabase& d : shelf_) {
    database_choice_.items.push_back(d.path.string());
    database_choice_.shown.push_back(d.name);
  }
  database_choice_.select(path.string());
  db_.reset();
  problem_.clear();
  auto opened = database::GameDatabase::open(path);
  if (!opened) problem_ = opened.error();
  else db_ = std::move(opened).value();
  app_.setup().set_current_database(path);
  first_ = selected_ = 0;
  reload();
}

void GamesScreen::start_import(const fs::path& pgn, const fs::path& into) {
  import_ = std::make_unique<Import>();
  import_->file = into;
  Import* job = import_.get();
  job->thread = std::thread([job, pgn, into] {
    database::ImportOptions options;
    options.stop = &job->stop;
    options.progress = [job](const database::ImportProgress& p) {
      std::lock_guard lock(job->mutex);
      job->progress = p;
    };
    auto db = database::GameDatabase::open(into);
    Result<database::ImportSummary> ended =
        db ? database::import_pgn(*db.value(), pgn, options) : Result<database::ImportSummary>(Failure{db.error()});
    std::lock_guard lock(job->mutex);
    job->ended = std::move(ended);
  });
  app_.setup().remember_file(pgn.string());
}

void GamesScreen::finish_import() {
  if (!import_) return;
  import_->thread.join();
  std::optional<Result<database::ImportSummary>> ended;
  {
    std::lock_guard lock(import_->mutex);
    ended = std::move(import_->ended);
  }
  import_.reset();
  if (ended && !ended->ok()) {
    app_.toast(fill(tr("The import stopped: {reason}"), {{"reason", ended->error()}}));
  } else if (ended) {
    const database::ImportSummary& summary = ended->value();
    const std::string kept = grouped(summary.progress.games), skipped = grouped(summary.progress.skipped);
    std::string message =
        summary.already_done
            // TRANSLATORS: a file imported whole before is not imported again; {kept} is a number of games.
            ? fill(tr("Imported before: {kept} games, nothing to add"), {{"kept", kept}})
        : summary.finished
            // TRANSLATORS: after an import; {kept} and {skipped} are numbers of games.
            ? fill(trn("Imported: {kept} game kept, {skipped} skipped", "Imported: {kept} games kept, {skipped} skipped",
                       unsigned(summary.progress.games)),
                   {{"kept", kept}, {"skipped", skipped}})
            : fill(tr("Import stopped at {kept} games; open the file again to go on"), {{"kept", kept}});
    if (!summary.skipped_reasons.empty())
      message += ". " + fill(tr("First skipped: {reason}"), {{"reason", summary.skipped_reasons.front()}});
    app_.toast(message);
  }
  reload();
}

bool GamesScreen::adds_to_my_games() const {
  return !database_choice_.items.empty() &&
         fs::path(database_choice_.current()) == my_games_path(app_.setup().database_folder());
}

database::GameFilter GamesScreen::filter() const {
  database::GameFilter f;
  f.player = player_.text();
  if (at_) f.position = at_->key();
  return f;
}

void GamesScreen::reload() {
  rows_.clear();
  total_ = 0;
  if (!db_) return;
  const database::GameFilter f = filter();
  auto count = db_->count(f);
  if (!count) {
    problem_ = count.error();
    return;
  }
  total_ = count.value();
  first_ = std::clamp<std::int64_t>(first_, 0, std::max<std::int64_t>(0, total_ - std::int64_t(rows_fit_)));
  selected_ = std::clamp<std::int64_t>(selected_, 0, std::max<std::int64_t>(0, total_ - 1));
  auto found = db_->find(f, std::int64_t(rows_fit_), first_, order_);
  if (!found) {
    problem_ = found.error();
    return;
  }
  rows_ = std::move(found).value();
  app_.invalidate();
}

void GamesScreen::scroll_to(std::int64_t first) {
  const std::int64_t clamped =
      std::clamp<std::int64_t>(first, 0, std::max<std::int64_t>(0, total_ - std::int64_t(rows_fit_)));
  if (clamped == first_) return;
  first_ = clamped;
  reload();
}

void GamesScreen::select(std::int64_t row) {
  if (total_ == 0) return;
  selected_ = std::clamp<std::int64_t>(row, 0, total_ - 1);
  if (selected_ < first_) scroll_to(selected_);
  else if (selected_ >= first_ + std::int64_t(rows_fit_)) scroll_to(selected_ - std::int64_t(rows_fit_) + 1);
  app_.invalidate();
}

void GamesScreen::sort_by(GameOrder::By by) {
  order_.descending = order_.by == by ? !order_.descending : false;
  order_.by = by;
  first_ = selected_ = 0;
  reload();
}

void GamesScreen::open_game(std::int64_t row) {
  const std::int64_t index = row - first_;
  if (!db_ || index < 0 || index >= std::int64_t(rows_.size())) return;
  const database::GameHeader& header = rows_[std::size_t(index)];
  auto opened = open_stored_game(*db_, header.id, at_ ? std::optional(at_->key()) : std::nullopt);
  if (!opened) return app_.toast(fill(tr("The game could not be opened: {reason}"), {{"reason", opened.error()}}));
  app_.open(page::FinishedGame{std::move(opened->game), database_choice_.current_shown(), opened->ply});
}

void GamesScreen::run(Action action) {
  switch (action) {
    case Action::OpenFile:
      dialogs_.choose_file(Dialog::OpenFile, tr("Open a PGN file as a database"),
                           tr("Its games are imported into a database of their own, beside your games"),
                           app_.setup().last_folder().empty() ? "" : app_.setup().last_folder() + "/",
                           {".pgn", ".gz", ".bz2", ".xz", ".zst", ".gdb"}, app_.setup().recent_files(), tr("Open"));
      break;
    case Action::AddFile:
      if (import_ || shelf_.empty() || adds_to_my_games()) break;
      dialogs_.choose_file(Dialog::AddFile,
                           fill(tr("Add games to {database}"), {{"database", database_choice_.current_shown()}}),
                           tr("A PGN file (also .gz, .bz2, .xz, .zst): its games are added after the others"),
                           app_.setup().last_folder().empty() ? "" : app_.setup().last_folder() + "/",
                           {".pgn", ".gz", ".bz2", ".xz", ".zst"}, app_.setup().recent_files(), tr("Add"));
      break;
    case Action::Position:
      dialogs_.ask(Dialog::Position, tr("Games at a position"),
                   tr("The position as a FEN: every game that reached it, by any move order"),
                   at_ ? at_->fen() : chess::Position().fen(), tr("Search"), tr("Cancel"), /*path_field=*/false);
      break;
    case Action::ClearPosition:
      at_.reset();
      first_ = selected_ = 0;
      reload();
      break;
    case Action::StopImport:
      if (import_) import_->stop = true;
      break;
    case Action::Back: app_.pop(); break;
  }
}

void GamesScreen::on_dialog(Dialog dialog, const std::string& text) {
  if (dialog == Dialog::OpenFile) return open_file(expand_home(text));
  if (dialog == Dialog::AddFile) {
    const fs::path pgn = expand_home(text);
    if (is_database_file(pgn)) return app_.toast(tr("Choose a PGN file: a database cannot be added to another"));
    return start_import(pgn, database_choice_.current());
  }
  auto pos = chess::Position::from_fen(text);
  if (!pos) return app_.toast(fill(tr("Not a position: {reason}"), {{"reason", pos.error()}}));
  at_ = pos.value();
  first_ = selected_ = 0;
  reload();
}

void GamesScreen::handle(const sf::Event& event) {
  const sf::Vector2f size = app_.window().getView().getSize();
  layout(size);
  if (dialogs_.open()) {
    if (auto answer = dialogs_.handle(event, size, app_.assets())) on_dialog(answer->dialog, answer->text);
    return;
  }
  if (auto action = buttons_.clicked(event)) return run(*action);
  if (database_choice_.handle(event)) return show_database(database_choice_.current());
  const auto row_at = [&](float x, float y) -> std::optional<std::int64_t> {
    if (!list_rect_.contains(x, y)) return std::nullopt;
    const std::int64_t row = first_ + std::int64_t((y - list_rect_.top) / RowHeight);
    if (row - first_ >= std::int64_t(rows_.size())) return std::nullopt;
    return row;
  };
  switch (event.type) {
    case sf::Event::MouseMoved:
      hovered_ = row_at(float(event.mouseMove.x), float(event.mouseMove.y));
      return;
    case sf::Event::MouseButtonReleased: {
      if (event.mouseButton.button != sf::Mouse::Left) return;
      const float x = float(event.mouseButton.x), y = float(event.mouseButton.y);
      if (head_rect_.contains(x, y)) {
        for (std::size_t c = 0; c < ColumnCount; ++c)
          if (x >= column_x_[c] && x < column_x_[c + 1]) return sort_by(Columns[c].by);
        return;
      }
      if (auto row = row_at(x, y)) {
        selected_ = *row;
        open_game(*row);
      }
      return;
    }
    case sf::Event::MouseWheelScrolled:
      scroll_to(first_ + (event.mouseWheelScroll.delta > 0 ? -3 : 3));
      return;
    case sf::Event::KeyPressed: break;
    default:
      if (player_.handle(event) == TextField::Input::Edited) first_ = selected_ = 0, reload();
      return;
  }
  const sf::Event::KeyEvent& key = event.key;
  const std::int64_t page = std::max<std::int64_t>(1, std::int64_t(rows_fit_) - 1);
  if (key.control) {
    switch (key.code) {
      case sf::Keyboard::O: return run(Action::OpenFile);
      case sf::Keyboard::F: return run(Action::Position);
      case sf::Keyboard::I: return run(Action::AddFile);
      case sf::Keyboard::L: return run(Action::ClearPosition);
      default: break;
    }
  }
  switch (key.code) {
    case sf::Keyboard::Up: return select(selected_ - 1);
    case sf::Keyboard::Down: return select(selected_ + 1);
    case sf::Keyboard::PageUp: return select(selected_ - page);
    case sf::Keyboard::PageDown: return select(selected_ + page);
    case sf::Keyboard::Home:
      if (key.control || player_.text().empty()) return select(0);
      break;
    case sf::Keyboard::End:
      if (key.control || player_.text().empty()) return select(total_ - 1);
      break;
    case sf::Keyboard::Enter: return open_game(selected_);
    case sf::Keyboard::Escape:
      if (import_) return run(Action::StopImport);
      if (!player_.text().empty()) {
        player_.set_text("");
        first_ = selected_ = 0;
        return reload();
      }
      return app_.pop();
    default: break;
  }
  if (player_.handle(event) == TextField::Input::Edited) first_ = selected_ = 0, reload();
}

void GamesScreen::update() {
  if (!import_) return;
  bool ended = false;
  {
    std::lock_guard lock(import_->mutex);
    ended = import_->ended.has_value();
  }
  if (ended) finish_import();
  else if (std::chrono::steady_clock::now() - listed_ > std::chrono::seconds(1)) {  // the list grows meanwhile
    listed_ = std::chrono::steady_clock::now();
    reload();
  }
  app_.invalidate();
}

void GamesScreen::layout(sf::Vector2f size) {
  const float bottom = size.y - 118;
  database_choice_.rect = {Margin + 110, 14, std::min(420.0f, size.x - 2 * Margin - 110), 30};
  player_.rect = {Margin, 54, std::min(300.0f, size.x / 2 - Margin), 30};
  status_rect_ = {player_.rect.left + player_.rect.width + 16, 54, size.x - Margin - player_.rect.width - 36, 30};
  head_rect_ = {Margin, 94, size.x - 2 * Margin, HeadHeight};
  list_rect_ = {Margin, head_rect_.top + HeadHeight, size.x - 2 * Margin,
                std::max(RowHeight, bottom - head_rect_.top - HeadHeight)};
  const std::size_t fit = std::max<std::size_t>(1, std::size_t(list_rect_.height / RowHeight));
  column_x_.assign(1, list_rect_.left);
  for (const Column& c : Columns) column_x_.push_back(column_x_.back() + c.share * list_rect_.width);
  column_x_.back() = list_rect_.left + list_rect_.width;
  buttons_[Action::StopImport].enabled = import_ != nullptr;
  buttons_[Action::ClearPosition].enabled = at_.has_value();
  buttons_[Action::AddFile].enabled = import_ == nullptr && !adds_to_my_games();
  buttons_.place_row({Action::OpenFile, Action::AddFile, Action::Position, Action::ClearPosition, Action::StopImport,
                      Action::Back},
                     app_.assets().font(), Margin, size.y - 72, size.x - 2 * Margin, 34, 8);
  if (fit != rows_fit_) {
    rows_fit_ = fit;
    reload();
  }
}

sf::FloatRect GamesScreen::toast_area(sf::Vector2f size) const { return {Margin, size.y - 112, size.x - 2 * Margin, 34}; }

void GamesScreen::draw(sf::RenderTarget& target) {
  const sf::Vector2f size = target.getView().getSize();
  layout(size);
  const Assets& assets = app_.assets();
  target.clear(colors::Background);
  // TRANSLATORS: the game list's title.
  draw_text(target, assets.bold(), tr("Games"), 22, {Margin, 16});
  database_choice_.draw(target, assets);
  player_.draw(target, assets);
  std::string status;
  if (!problem_.empty()) status = problem_;
  else if (at_)
    // TRANSLATORS: {n} games (a number) reached the position searched for.
    status = fill(trn("{n} game reached the position", "{n} games reached the position", unsigned(total_)),
                  {{"n", grouped(total_)}});
  else status = fill(trn("{n} game", "{n} games", unsigned(total_)), {{"n", grouped(total_)}});
  draw_text(target, assets.font(), fit_text(assets.font(), status, 15, status_rect_.width), 15,
            {status_rect_.left, status_rect_.top + 5}, problem_.empty() ? colors::TextDim : colors::Warning);
  draw_list(target);
  draw_import(target);
  buttons_.draw(target, assets);
  // TRANSLATORS: the help line of the game list.
  draw_help_line(target, assets.font(),
                 buttons_.help(tr("Type to filter by player  Up/Down choose  Enter open  click a title to sort")),
                 {Margin, size.y - 30}, size.x - 2 * Margin);
  dialogs_.draw(target, assets);
}

void GamesScreen::draw_list(sf::RenderTarget& target) {
  const Assets& assets = app_.assets();
  LayoutLog::Region region("game list", {head_rect_.left, head_rect_.top, head_rect_.width,
                                         head_rect_.height + list_rect_.height});
  fill_rect(target, head_rect_, colors::PanelLight);
  fill_rect(target, list_rect_, colors::Panel);
  for (std::size_t c = 0; c < ColumnCount; ++c) {
    std::string title = tr(Columns[c].title);
    if (order_.by == Columns[c].by) title += order_.descending ? " ▼" : " ▲";
    const float width = column_x_[c + 1] - column_x_[c] - 6;
    const unsigned size = fitted_size(assets.bold(), title, RowText, 10, width);  // a title smaller before cut
    draw_text(target, assets.bold(), fit_text(assets.bold(), title, size, width), size,
              {column_x_[c] + 3, head_rect_.top + 4 + float(RowText - size) / 2});
  }
  for (std::size_t i = 0; i < rows_.size() && i < rows_fit_; ++i) {
    const std::int64_t row = first_ + std::int64_t(i);
    const sf::FloatRect rect{list_rect_.left, list_rect_.top + float(i) * RowHeight, list_rect_.width, RowHeight};
    if (row == selected_) fill_rect(target, rect, colors::Accent);
    else if (hovered_ == row) fill_rect(target, rect, colors::PanelLight);
    for (std::size_t c = 0; c < ColumnCount; ++c) {
      const float width = column_x_[c + 1] - column_x_[c] - 6;
      draw_text(target, assets.font(), fit_text(assets.font(), cell(rows_[i], c), RowText, width), RowText,
                {column_x_[c] + 3, rect.top + 3});
    }
  }
  if (rows_.empty() && problem_.empty()) {
    const std::string empty = import_ ? tr("The first games come in a moment")
                              : at_   ? tr("No game reached this position")
                              : !player_.text().empty()
                                  ? tr("No player's name begins so")
                                  : tr("No games yet: open a PGN file (Ctrl+O), or play one");
    draw_text(target, assets.font(), fit_text(assets.font(), empty, 15, list_rect_.width - 20), 15,
              {list_rect_.left + 10, list_rect_.top + 10}, colors::TextDim);
  }
}

void GamesScreen::draw_import(sf::RenderTarget& target) {
  if (!import_) return;
  const sf::Vector2f size = target.getView().getSize();
  database::ImportProgress p;
  {
    std::lock_guard lock(import_->mutex);
    p = import_->progress;
  }
  const Assets& assets = app_.assets();
  const sf::FloatRect bar{Margin, size.y - 110, size.x - 2 * Margin, 30};
  fill_rect(target, bar, colors::Panel);
  const float share = p.bytes_total > 0 ? float(p.bytes_read) / float(p.bytes_total) : 0.0f;
  fill_rect(target, {bar.left, bar.top, bar.width * std::clamp(share, 0.0f, 1.0f), bar.height}, colors::Accent);
  // TRANSLATORS: the import's progress bar: {games} kept so far, {rate} games a second, {left} a time ("2 min 5 s").
  const std::string text = fill(tr("Importing: {games} games, {rate} a second, {left} left"),
                                {{"games", grouped(p.games)},
                                 {"rate", grouped(std::llround(p.games_per_second()))},
                                 {"left", duration_text(p.seconds_left())}});
  LayoutLog::Region region("import bar", bar);
  draw_text(target, assets.font(), fit_text(assets.font(), text, 14, bar.width - 16), 14, {bar.left + 8, bar.top + 6});
}

void GamesScreen::describe(StateDump& dump) const {
  dump.add("database", database_choice_.items.empty() ? std::string() : database_choice_.current_shown());
  dump.add("databases", database_choice_.shown);
  dump.add("games_total", total_);
  dump.add("player_filter", player_.text());
  dump.add("position_filter", at_ ? at_->fen() : std::string());
  dump.add("selected_row", selected_);
  dump.add("first_row", first_);
  std::vector<std::string> rows, cells;
  for (const database::GameHeader& h : rows_) {
    rows.push_back(h.white + " - " + h.black + " " + h.result);
    for (std::size_t c = 0; c < ColumnCount; ++c) cells.push_back(cell(h, c));
  }
  dump.add("game_rows", rows);
  dump.add("game_cells", cells);  // the list's data, as drawn
  dump.add("problem", problem_);
  dump.add("importing", import_ != nullptr);
  std::int64_t imported = 0;
  if (import_) {
    std::lock_guard lock(import_->mutex);
    imported = import_->progress.games;
  }
  dump.add("import_games", imported);
  std::string sort = "added";
  for (const Column& c : Columns)
    if (c.by == order_.by && order_.by != GameOrder::By::Added) sort = c.title;
  dump.add("sort", sort + (order_.descending ? " desc" : ""));
  buttons_.describe(dump);
  dialogs_.describe(dump);
}

}  // namespace gambit::gui
