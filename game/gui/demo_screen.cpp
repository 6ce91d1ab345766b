// SPDX-License-Identifier: MIT
#include "game/gui/demo_screen.h"

#include <chrono>
#include <iterator>

#include "core/config/seats.h"
#include "game/gui/app.h"

namespace gambit::gui {

namespace {

using std::chrono::milliseconds;

constexpr std::int64_t DelaySteps[] = {0, 100, 200, 300, 400, 600, 800, 1200, 1600, 2400, 3200, 5000, 10000};

}  // namespace

DemoScreen::DemoScreen(App& app) : GameScreen(app, store::GameSource::Demo) {
  add_button(Pause, "Pause", "Pause or resume (Space)");
  add_button(Step, "Step", "One move while paused (Right arrow or S)");
  add_button(Flip, "Flip", "Turn the board around (F)");
  add_button(Slower, "Slower", "Longer pause between moves (-)");
  add_button(Faster, "Faster", "Shorter pause between moves (+)");
  add_button(Menu, "Menu", "Stop the demo and go back to the menu (Esc)");
  start();
}

void DemoScreen::start() {
  const config::Settings& settings = app_.setup().settings();
  const config::PluginList plugins = app_.setup().plugin_descriptors();
  auto first = config::resolve_demo_seat(settings, chess::WHITE, plugins);
  auto second = config::resolve_demo_seat(settings, chess::BLACK, plugins);
  if (!first || !second) {
    failure_ = !first ? first.error() : second.error();
    return;
  }
  auto a = config::seat_to_play(*first, app_.setup().catalog()), b = config::seat_to_play(*second, app_.setup().catalog());
  if (!a || !b) {
    failure_ = !a ? a.error() : b.error();
    return;
  }
  for (const players::Seat* seat : {&*a, &*b})
    if (std::string problem = variant_problem(*seat, settings.game.rules()); !problem.empty()) {
      failure_ = problem;
      return;
    }
  const auto seed = std::uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
  auto loop = match::DemoLoop::create(*a, *b, seed, app_.now(), settings.game.rules());
  if (!loop) {
    failure_ = loop.error();
    return;
  }
  demo_ = std::move(loop).value();
  demo_->set_move_delay(milliseconds(settings.demo.move_delay_ms));
  demo_game_seen_ = demo_->game_number();
  game_began();
}

void DemoScreen::advance(std::chrono::steady_clock::time_point now) {
  demo_->update(now);
  if (!demo_->failure().empty() && failure_.empty()) failure_ = demo_->failure();
  if (demo_->game_number() != demo_game_seen_) {  // the next game began
    demo_game_seen_ = demo_->game_number();
    reset_view();
    game_began();
    app_.invalidate();
  }
}

bool DemoScreen::enabled(int action) const {
  if (!demo_) return action == Menu;
  switch (action) {
    case Step: return demo_->paused();
    case Slower: return demo_->session().move_delay().count() < DelaySteps[std::size(DelaySteps) - 1];
    case Faster: return demo_->session().move_delay().count() > 0;
    default: return true;
  }
}

void DemoScreen::run(int action) {
  switch (action) {
    case Pause: demo_->set_paused(!demo_->paused()); break;
    case Step: demo_->step(); break;
    case Flip: board_.set_flipped(!board_.flipped()); break;
    case Slower:
    case Faster: {
      const std::int64_t current = demo_->session().move_delay().count();
      std::int64_t next = current;
      if (action == Slower) {
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
      app_.toast("Pause between moves: " + std::to_string(next) + " ms");
      break;
    }
    case Menu:
      if (!game().is_over())
        open_dialog(ConfirmLeave, "Stop the demo?", "The game in progress stops and you go back to the menu.",
                    std::nullopt, "Yes", "No");
      else app_.pop();
      break;
    default: break;
  }
}

void DemoScreen::on_dialog(int dialog, const std::string&) {
  if (dialog == ConfirmLeave) app_.pop();
}

void DemoScreen::label(int action, Button& button) const {
  if (action == Pause) button.label = demo_ && demo_->paused() ? "Resume" : "Pause";
}

bool DemoScreen::shortcut(const sf::Event::KeyEvent& key) {
  switch (key.code) {
    case sf::Keyboard::Escape: trigger(Menu); return true;
    case sf::Keyboard::F: trigger(Flip); return true;
    case sf::Keyboard::S:
      if (key.control) return false;
      trigger(Step);
      return true;
    case sf::Keyboard::Space: trigger(Pause); return true;
    case sf::Keyboard::Add:
    case sf::Keyboard::Equal: trigger(Faster); return true;
    case sf::Keyboard::Subtract:
    case sf::Keyboard::Hyphen: trigger(Slower); return true;
    case sf::Keyboard::Right:
      if (looking_back() || !demo_->paused()) return false;
      trigger(Step);
      return true;
    default: return false;
  }
}

std::string DemoScreen::status_text() const {
  const std::string text = GameScreen::status_text();
  return demo_->paused() ? "Paused - " + text : text;
}

float DemoScreen::draw_header(sf::RenderTarget& target, float top) {
  const Assets& assets = app_.assets();
  const float x = panel_x(), width = panel_width();
  const auto& tally = demo_->tally();
  // Each player with its wins, and the draws, kept whole when the line wraps (no-break spaces).
  const auto whole = [](std::string text) {
    std::string out;
    for (char c : text) out += c == ' ' ? std::string("\xC2\xA0") : std::string(1, c);
    return out;
  };
  const std::string score = whole("Game " + std::to_string(demo_->game_number()) + ":") + " " +
                            whole(demo_->first().label + " " + std::to_string(tally.first_wins) + ",") + " " +
                            whole(demo_->second().label + " " + std::to_string(tally.second_wins) + ",") + " " +
                            whole("draws " + std::to_string(tally.draws));
  const std::string pace = std::to_string(demo_->session().move_delay().count()) + " ms between moves";
  const auto lines = wrap_text(assets.font(), score, 14, width);
  float y = top;
  for (std::size_t i = 0; i < lines.size() && i < 2; ++i)
    draw_text(target, assets.font(), i == 1 ? fit_text(assets.font(), lines[1], 14, width) : lines[i], 14,
              {x, y + 18 * float(i)}, colors::TextDim);
  y += 18 * float(std::min<std::size_t>(2, lines.size()));
  draw_text(target, assets.font(), fit_text(assets.font(), pace, 14, width), 14, {x, y}, colors::TextDim);
  return y + 26;
}

void DemoScreen::draw_overlay_row(sf::RenderTarget& target, sf::FloatRect row) {
  const auto next = demo_->next_game_in(app_.now());
  const std::string text = demo_->paused() ? "Paused" : "Next game in " + std::to_string((next.count() + 999) / 1000) + " s";
  draw_text_centred(target, app_.assets().font(), text, 16, row);
}

void DemoScreen::describe_more(StateDump& dump) const {
  dump.add("demo_game", demo_->game_number());
  dump.add("demo_first_wins", demo_->tally().first_wins);
  dump.add("demo_second_wins", demo_->tally().second_wins);
  dump.add("demo_draws", demo_->tally().draws);
  dump.add("demo_paused", demo_->paused());
  dump.add("demo_delay_ms", std::int64_t(demo_->session().move_delay().count()));
}

}  // namespace gambit::gui
