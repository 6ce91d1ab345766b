// SPDX-License-Identifier: MIT
#include "game/gui/demo_screen.h"

#include <chrono>
#include <iterator>

#include "core/config/seats.h"
#include "core/util/local_time.h"
#include "core/util/translation.h"
#include "game/gui/app.h"

namespace gambit::gui {

namespace {

using std::chrono::milliseconds;

constexpr std::int64_t DelaySteps[] = {0, 100, 200, 300, 400, 600, 800, 1200, 1600, 2400, 3200, 5000, 10000};

}  // namespace

DemoScreen::DemoScreen(App& app)
    : Screen(app),
      recorder_(app.setup().store(), app.setup().settings().store.profile, store::GameSource::Demo),
      view_(app, recorder_, [this] { return demo_ ? &demo_->session() : nullptr; }) {
  using A = Action;
  // TRANSLATORS: the Demo screen's buttons, in three columns of about 90 to 130 pixels.
  buttons_.add(A::Pause, tr("Pause"), tr("Pause or resume (Space)"));
  // TRANSLATORS: a button: play one move (a verb).
  buttons_.add(A::Step, tr("Step"), tr("One move while paused (Right arrow or S)"));
  // TRANSLATORS: a button: turn the board around.
  buttons_.add(A::Flip, tr("Flip"), tr("Turn the board around (F)"));
  buttons_.add(A::Slower, tr("Slower"), tr("Longer pause between moves (-)"));
  buttons_.add(A::Faster, tr("Faster"), tr("Shorter pause between moves (+)"));
  buttons_.add(A::Menu, tr("Menu"), tr("Stop the demo and go back to the menu (Esc)"));
  start();
}

void DemoScreen::start() {
  const config::Settings& settings = app_.setup().settings();
  const config::PluginList plugins = app_.setup().plugin_descriptors();
  auto first = config::resolve_demo_seat(settings, chess::WHITE, plugins);
  auto second = config::resolve_demo_seat(settings, chess::BLACK, plugins);
  if (!first || !second) {
    view_.fail(!first ? first.error() : second.error());
    return;
  }
  auto a = config::seat_to_play(*first, app_.setup().catalog()), b = config::seat_to_play(*second, app_.setup().catalog());
  if (!a || !b) {
    view_.fail(!a ? a.error() : b.error());
    return;
  }
  for (const players::Seat* seat : {&*a, &*b})
    if (std::string problem = variant_problem(*seat, settings.game.rules()); !problem.empty()) {
      view_.fail(problem);
      return;
    }
  const auto seed = std::uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
  auto loop = match::DemoLoop::create(*a, *b, seed, app_.now(), settings.game.rules());
  if (!loop) {
    view_.fail(loop.error());
    return;
  }
  demo_ = std::move(loop).value();
  demo_->set_move_delay(milliseconds(settings.demo.move_delay_ms));
  demo_game_seen_ = demo_->game_number();
  game_began();
}

void DemoScreen::game_began() {
  recorder_.follow(demo_->session(), {});  // each game of the loop has a session of its own; none is kept
  view_.tell(recorder_.began(demo_->session().game(), unix_now()));
}

void DemoScreen::update() {
  if (!demo_) return;
  demo_->update(app_.now());
  if (!demo_->failure().empty() && view_.failure().empty()) view_.fail(demo_->failure());
  if (demo_->game_number() != demo_game_seen_) {  // the next game began
    demo_game_seen_ = demo_->game_number();
    view_.reset();
    game_began();
    app_.invalidate();
  }
  view_.follow_session();
  view_.update();
}

// ---------------------------------------------------------------------------
// Actions

bool DemoScreen::enabled(Action action) const {
  if (!demo_) return action == Action::Menu;
  switch (action) {
    case Action::Step: return demo_->paused();
    case Action::Slower: return demo_->session().move_delay().count() < DelaySteps[std::size(DelaySteps) - 1];
    case Action::Faster: return demo_->session().move_delay().count() > 0;
    default: return true;
  }
}

void DemoScreen::trigger(Action action) {
  if (enabled(action)) run(action);
  app_.invalidate();
}

void DemoScreen::run(Action action) {
  switch (action) {
    case Action::Pause: demo_->set_paused(!demo_->paused()); break;
    case Action::Step: demo_->step(); break;
    case Action::Flip: view_.board().set_flipped(!view_.board().flipped()); break;
    case Action::Slower:
    case Action::Faster: {
      const std::int64_t current = demo_->session().move_delay().count();
      std::int64_t next = current;
      if (action == Action::Slower) {
        for (std::int64_t step : DelaySteps)
          if (step > current) {
            next = step;
            break;
          }
      } else {
        for (std::int64_t step : DelaySteps)
          if (step < current) next = step;
      }
      demo_->set_move_delay(milliseconds(next));
      app_.toast(fill(tr("Pause between moves: {ms} ms"), {{"ms", std::to_string(next)}}));
      break;
    }
    case Action::Menu:
      if (!view_.game().is_over())
        dialogs_.ask(Dialog::ConfirmLeave, tr("Stop the demo?"),
                     tr("The game in progress stops and you go back to the menu."), std::nullopt, tr("Yes"), tr("No"));
      else app_.to_menu();
      break;
  }
}

bool DemoScreen::shortcut(const sf::Event::KeyEvent& key) {
  switch (key.code) {
    case sf::Keyboard::Escape: trigger(Action::Menu); return true;
    case sf::Keyboard::F: trigger(Action::Flip); return true;
    case sf::Keyboard::S:
      if (key.control) return false;
      trigger(Action::Step);
      return true;
    case sf::Keyboard::Space: trigger(Action::Pause); return true;
    case sf::Keyboard::Add:
    case sf::Keyboard::Equal: trigger(Action::Faster); return true;
    case sf::Keyboard::Subtract:
    case sf::Keyboard::Hyphen: trigger(Action::Slower); return true;
    case sf::Keyboard::Right:
      if (view_.looking_back() || !demo_->paused()) return false;
      trigger(Action::Step);
      return true;
    default: return false;
  }
}

// ---------------------------------------------------------------------------
// Input and view

void DemoScreen::layout() {
  view_.layout(app_.window().getView().getSize(), buttons_.size());
  view_.place_buttons(buttons_);
  for (auto& [action, button] : buttons_) button.enabled = enabled(action);
  // TRANSLATORS: the Demo screen's button while paused: go on with the games.
  buttons_[Action::Pause].label = demo_ && demo_->paused() ? tr("Resume") : tr("Pause");
}

void DemoScreen::handle(const sf::Event& event) {
  view_.follow_mouse(event);
  layout();
  if (!demo_) {
    if (view_.failure_page_closed(event)) app_.to_menu();
    return;
  }
  if (dialogs_.open()) {
    if (auto answer = dialogs_.handle(event, app_.window().getView().getSize(), app_.assets()))
      if (answer->dialog == Dialog::ConfirmLeave) app_.to_menu();
    return;
  }
  if (auto action = buttons_.clicked(event)) return trigger(*action);
  if (view_.handle_pointer(event, view_.end_box_shown()).taken || event.type != sf::Event::KeyPressed) return;
  if (view_.drop_selection_on_escape(event.key) || shortcut(event.key)) return;
  view_.look_back(event.key);
}

std::string DemoScreen::status_text() const {
  const std::string text = view_.status_text();
  // TRANSLATORS: the Demo screen's status line while paused; {status} is the game's ("White to move").
  return demo_->paused() ? fill(tr("Paused - {status}"), {{"status", text}}) : text;
}

float DemoScreen::draw_header(sf::RenderTarget& target, float top) const {
  const Assets& assets = app_.assets();
  const float x = view_.panel_x(), width = view_.panel_width();
  const auto& tally = demo_->tally();
  // Each player with its wins, and the draws, kept whole when the line wraps (no-break spaces).
  const auto whole = [](std::string text) {
    std::string out;
    for (char c : text) out += c == ' ' ? std::string("\xC2\xA0") : std::string(1, c);
    return out;
  };
  // The tally's parts: "Game 3:", each player with its wins ("alphabeta 1200 1,"), "draws 1".
  // TRANSLATORS: the first part of the Demo screen's tally: the number of the game being played.
  const std::string game = fill(tr("Game {n}:"), {{"n", std::to_string(demo_->game_number())}});
  // TRANSLATORS: the last part of the Demo screen's tally ("Game 3: alphabeta 1, minimax 0, draws 1").
  const std::string draws = fill(trn("draws {n}", "draws {n}", static_cast<unsigned long>(tally.draws)),
                                 {{"n", std::to_string(tally.draws)}});
  const std::string score = whole(game) + " " +
                            whole(demo_->first().label + " " + std::to_string(tally.first_wins) + ",") + " " +
                            whole(demo_->second().label + " " + std::to_string(tally.second_wins) + ",") + " " +
                            whole(draws);
  const std::string pace =
      fill(tr("{ms} ms between moves"), {{"ms", std::to_string(demo_->session().move_delay().count())}});
  const auto lines = wrap_lines(assets.font(), score, 14, width, 2);
  float y = top;
  for (std::size_t i = 0; i < lines.size(); ++i)
    draw_text(target, assets.font(), lines[i], 14, {x, y + 18 * float(i)}, colors::TextDim);
  y += 18 * float(lines.size());
  draw_text(target, assets.font(), fit_text(assets.font(), pace, 14, width), 14, {x, y}, colors::TextDim);
  return y + 26;
}

void DemoScreen::draw(sf::RenderTarget& target) {
  layout();
  if (!demo_) return view_.draw_failure(target, tr("The demo cannot start"));
  GameView::Parts parts;
  parts.header = [this](sf::RenderTarget& t, float top) { return draw_header(t, top); };
  parts.status = status_text();
  // TRANSLATORS: the keys of the Demo screen; Space, S, +/-, F and Esc are keys.
  parts.help = buttons_.help(tr("Space pause, S step, +/- speed, F flip, Esc menu"));
  parts.end_row = [this](sf::RenderTarget& t, sf::FloatRect row) {
    const auto next = demo_->next_game_in(app_.now());
    const std::string text =
        !demo_->paused()
            // TRANSLATORS: in the end-of-game box of the Demo screen: {n} seconds before the next game begins.
            ? fill(tr("Next game in {n} s"), {{"n", std::to_string((next.count() + 999) / 1000)}})
            : std::string(tr("Paused"));
    draw_text_centred(t, app_.assets().font(), text, 16, row);
  };
  view_.draw(target, parts);
  buttons_.draw(target, app_.assets());
  dialogs_.draw(target, app_.assets());
}

std::chrono::milliseconds DemoScreen::redraw_interval() const { return view_.redraw_interval(/*ticking=*/true); }
bool DemoScreen::ai_thinking() const { return view_.ai_thinking(); }
sf::FloatRect DemoScreen::modal_area() const { return dialogs_.area(); }
sf::FloatRect DemoScreen::toast_area(sf::Vector2f size) const {
  return view_.toast_slot().value_or(Screen::toast_area(size));
}

void DemoScreen::describe(StateDump& dump) const {
  dump.add("mode", name());
  if (!view_.describe(dump, demo_ ? status_text() : std::string())) return;
  dialogs_.describe(dump);
  buttons_.describe(dump);
  dump.add("demo_game", demo_->game_number());
  dump.add("demo_first_wins", demo_->tally().first_wins);
  dump.add("demo_second_wins", demo_->tally().second_wins);
  dump.add("demo_draws", demo_->tally().draws);
  dump.add("demo_paused", demo_->paused());
  dump.add("demo_delay_ms", std::int64_t(demo_->session().move_delay().count()));
}

}  // namespace gambit::gui
