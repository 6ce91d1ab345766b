// SPDX-License-Identifier: MIT
// The navigator: a Page made into its screen. The one file of the window that
// includes the screens' headers (tests/game/gui/include_graph_test.py).
#include <type_traits>

#include "game/gui/analysis_screen.h"
#include "game/gui/demo_screen.h"
#include "game/gui/games_screen.h"
#include "game/gui/menu_screen.h"
#include "game/gui/navigation.h"
#include "game/gui/new_game_screen.h"
#include "game/gui/play_screen.h"
#include "game/gui/position_editor_screen.h"
#include "game/gui/scores_screen.h"
#include "game/gui/settings_screen.h"
#include "game/gui/training_screen.h"

namespace gambit::gui {

namespace {

std::unique_ptr<Screen> play_screen(App& app, page::Play play) {
  auto screen = play.from ? std::make_unique<PlayScreen>(app, *play.from) : std::make_unique<PlayScreen>(app, play.start);
  if (play.load) screen->load_game(play.load->string());
  return screen;
}

}  // namespace

std::unique_ptr<Screen> make_screen(App& app, Page to) {
  return std::visit(
      [&app](auto&& page) -> std::unique_ptr<Screen> {
        using P = std::decay_t<decltype(page)>;
        if constexpr (std::is_same_v<P, page::Menu>) return std::make_unique<MenuScreen>(app);
        else if constexpr (std::is_same_v<P, page::NewGame>) return std::make_unique<NewGameScreen>(app);
        else if constexpr (std::is_same_v<P, page::Play>) return play_screen(app, std::move(page));
        else if constexpr (std::is_same_v<P, page::Demo>) return std::make_unique<DemoScreen>(app);
        else if constexpr (std::is_same_v<P, page::StoredGame>)
          return std::make_unique<AnalysisScreen>(app, std::move(page.game), page.review_at_once);
        else if constexpr (std::is_same_v<P, page::FinishedGame>)
          return std::make_unique<AnalysisScreen>(
              app, AnalysisScreen::FinishedGame{std::move(page.game), std::move(page.file), page.ply});
        else if constexpr (std::is_same_v<P, page::Analysis>)
          return std::make_unique<AnalysisScreen>(app, std::move(page.game), page.ply, std::move(page.source));
        else if constexpr (std::is_same_v<P, page::PositionEditor>)
          return std::make_unique<PositionEditorScreen>(app, page.from);
        else if constexpr (std::is_same_v<P, page::Training>) return std::make_unique<TrainingScreen>(app, page.kind);
        else if constexpr (std::is_same_v<P, page::Scores>) return std::make_unique<ScoresScreen>(app);
        else if constexpr (std::is_same_v<P, page::Games>) return std::make_unique<GamesScreen>(app, std::move(page));
        else {
          static_assert(std::is_same_v<P, page::Settings>, "every page has its screen");
          return std::make_unique<SettingsScreen>(app, page.tab);
        }
      },
      std::move(to));
}

}  // namespace gambit::gui
