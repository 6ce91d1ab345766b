// SPDX-License-Identifier: MIT
// The CECP session fed a sequence of command lines (one per input line), each
// search answered at once with the first legal move: its invariants hold
// whatever the order (one search at a time, only on the engine's turn, the game
// always legal).
#include "core/chess/movegen.h"
#include "game/cli/cecp_session.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gambit;
  cecp::Session session(cecp::SessionSettings{.engine_name = "Fuzz", .resign_cp = 300,
                                              .variants = {chess::Variant::Standard, chess::Variant::ThreeCheck}});
  std::string_view text = fuzz::text_of(data, size);
  std::optional<cecp::SearchRequest> running;
  for (int lines = 0; !text.empty() && lines < 200; ++lines) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    auto command = cecp::parse_command(line);
    if (!command || !*command) continue;
    cecp::Reply reply = session.handle(command->value(), line);
    if (reply.stop != cecp::StopSearch::No) running.reset();
    if (reply.search) {
      GAMBIT_FUZZ_CHECK(!running);
      GAMBIT_FUZZ_CHECK(!session.game().is_over());
      running = reply.search;
    }
    if (reply.quit) break;
    if (running && (lines % 3 == 0)) {  // answer some searches before the next command, some after
      chess::Position position = running->request.start;
      for (chess::Move m : running->request.moves) {
        GAMBIT_FUZZ_CHECK(position.is_legal(m));
        position.do_move(m);
      }
      players::MoveAnswer answer;
      const auto moves = chess::legal_moves(position);
      if (moves.empty()) answer.kind = players::MoveAnswer::Kind::NoLegalMove;
      else answer = players::MoveAnswer{players::MoveAnswer::Kind::Move, moves[0], {}, {}};
      session.on_search_done(running->id, answer);
      running.reset();
    }
  }
  return 0;
}
