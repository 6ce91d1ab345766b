// SPDX-License-Identifier: MIT
// The engine side of an XBoard conversation: modes, moves, searches asked for,
// claims, time management and pings, all without a plugin or a thread (the
// tests play the search thread's part by calling on_info / on_search_done).
#include "game/cli/cecp_session.h"

#include <gtest/gtest.h>

#include "core/chess/uci.h"

namespace gambit::cecp {
namespace {

// Sends one line through the parser to the session, as the engine does.
Reply send(Session& session, std::string_view line) {
  auto command = parse_command(line);
  EXPECT_TRUE(command && command->ok()) << line;
  if (!command || !command->ok()) return {};
  return session.handle(command->value(), line);
}

// Sends lines, expecting no output from any of them.
void send_quietly(Session& session, std::initializer_list<std::string_view> lines) {
  for (std::string_view line : lines) {
    Reply reply = send(session, line);
    EXPECT_TRUE(reply.lines.empty()) << line << " answered " << reply.lines.front() << " in "
                                     << session.game().position().fen();
  }
}

std::string where(const Session& session) { return " in " + session.game().position().fen(); }

players::MoveAnswer answer(const Session& session, std::string_view uci) {
  players::MoveAnswer a;
  Result<chess::Move> move = chess::parse_uci_move(session.game().position(), uci);
  EXPECT_TRUE(move.ok()) << uci << where(session);
  a.kind = players::MoveAnswer::Kind::Move;
  a.move = move ? *move : chess::Move::none();
  return a;
}

std::vector<std::string> lines(std::initializer_list<const char*> texts) { return {texts.begin(), texts.end()}; }

// A session in force mode on the given position.
Session set_up(std::string_view fen) {
  Session session;
  send_quietly(session, {"xboard", "new", "force"});
  send_quietly(session, {"setboard " + std::string(fen)});
  EXPECT_EQ(session.game().position().fen(), fen);
  return session;
}

TEST(CecpSession, ProtoverAnswersTheFeatures) {
  Session session({"Gambit test 1.0", 0});
  Reply reply = send(session, "protover 2");
  ASSERT_FALSE(reply.lines.empty());
  EXPECT_NE(reply.lines.front().find("myname=\"Gambit test 1.0\""), std::string::npos);
  EXPECT_EQ(reply.lines.back(), "feature done=1");
  EXPECT_TRUE(send(session, "protover 1").lines.empty());
}

TEST(CecpSession, EnginePlaysBlackAfterNew) {
  Session session;
  Reply reply = send(session, "new");
  EXPECT_TRUE(reply.new_game);
  EXPECT_FALSE(reply.search);
  EXPECT_EQ(session.engine_color(), chess::BLACK);
  reply = send(session, "usermove e2e4");
  EXPECT_TRUE(reply.lines.empty());
  ASSERT_TRUE(reply.search) << where(session);
  EXPECT_TRUE(session.thinking());
  EXPECT_EQ(reply.search->request.start.fen(), chess::START_FEN);
  ASSERT_EQ(reply.search->request.moves.size(), 1u);
  EXPECT_EQ(chess::to_uci(reply.search->request.moves[0]), "e2e4");
  EXPECT_EQ(session.on_search_done(reply.search->id, answer(session, "e7e5")), lines({"move e7e5"}));
  EXPECT_FALSE(session.thinking());
  EXPECT_EQ(session.game().moves().size(), 2u);
  // Back to the user; the next move starts the next search.
  reply = send(session, "usermove g1f3");
  ASSERT_TRUE(reply.search);
  EXPECT_EQ(reply.search->request.moves.size(), 3u);
}

TEST(CecpSession, IllegalMovesAreRefusedAndChangeNothing) {
  Session session;
  send_quietly(session, {"new"});
  Reply reply = send(session, "usermove e2e5");
  EXPECT_EQ(reply.lines, lines({"Illegal move: e2e5"})) << where(session);
  EXPECT_FALSE(reply.search);
  EXPECT_EQ(send(session, "usermove e7e5").lines, lines({"Illegal move: e7e5"}));  // not White's move
  EXPECT_EQ(send(session, "usermove zz").lines, lines({"Illegal move: zz"}));
  EXPECT_TRUE(session.game().moves().empty());
  EXPECT_FALSE(session.thinking());
}

TEST(CecpSession, MovesAreReadInCoordinatesOrCastlingNotation) {
  Session session = set_up("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  send_quietly(session, {"usermove e1g1", "usermove O-O-O"});
  EXPECT_EQ(session.game().position().fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
  Session promotion = set_up("8/P6k/8/8/8/8/7p/K7 w - - 0 1");
  send_quietly(promotion, {"usermove a7a8n"});
  EXPECT_EQ(promotion.game().position().piece_on(chess::SQ_A8), chess::W_KNIGHT) << where(promotion);
}

TEST(CecpSession, ForceModeTakesMovesForBothSidesThenGoPlaysTheSideToMove) {
  Session session;
  send_quietly(session, {"new", "force", "usermove e2e4", "usermove e7e5", "usermove g1f3"});
  EXPECT_TRUE(session.force_mode());
  EXPECT_FALSE(session.thinking());
  EXPECT_EQ(session.game().moves().size(), 3u);
  Reply reply = send(session, "go");
  EXPECT_FALSE(session.force_mode());
  EXPECT_EQ(session.engine_color(), chess::BLACK);
  ASSERT_TRUE(reply.search) << where(session);
  EXPECT_EQ(session.on_search_done(reply.search->id, answer(session, "b8c6")), lines({"move b8c6"}));
  // go with White to move: the engine now plays White.
  send_quietly(session, {"force", "usermove f1b5"});
  send_quietly(session, {"usermove a7a6"});
  reply = send(session, "go");
  EXPECT_EQ(session.engine_color(), chess::WHITE);
  EXPECT_TRUE(reply.search);
}

TEST(CecpSession, PlayOtherTakesTheSideNotOnMove) {
  Session session;
  send_quietly(session, {"new", "force", "usermove e2e4"});
  Reply reply = send(session, "playother");
  EXPECT_FALSE(reply.search);
  EXPECT_FALSE(session.force_mode());
  EXPECT_EQ(session.engine_color(), chess::WHITE);
  reply = send(session, "usermove c7c5");
  ASSERT_TRUE(reply.search) << where(session);
  EXPECT_EQ(reply.search->request.moves.size(), 2u);
}

TEST(CecpSession, UndoAndRemove) {
  Session session;
  send_quietly(session, {"new", "force", "usermove e2e4", "usermove e7e5", "usermove g1f3"});
  send_quietly(session, {"undo"});
  EXPECT_EQ(session.game().moves().size(), 2u);
  send_quietly(session, {"remove"});
  EXPECT_TRUE(session.game().moves().empty());
  EXPECT_EQ(send(session, "undo").lines, lines({"Error (command not legal now): undo"}));
  send_quietly(session, {"usermove d2d4"});
  EXPECT_EQ(send(session, "remove").lines, lines({"Error (command not legal now): remove"}));
  EXPECT_EQ(session.game().moves().size(), 1u);
}

TEST(CecpSession, RemoveAfterTheEngineMovedGivesTheUserHisMoveBack) {
  Session session;
  send_quietly(session, {"new"});
  Reply reply = send(session, "usermove e2e4");
  ASSERT_TRUE(reply.search);
  (void)session.on_search_done(reply.search->id, answer(session, "c7c5"));
  reply = send(session, "remove");
  EXPECT_TRUE(reply.lines.empty());
  EXPECT_FALSE(reply.search);
  EXPECT_EQ(session.game().position().fen(), chess::START_FEN);
  EXPECT_EQ(session.engine_color(), chess::BLACK);
  EXPECT_TRUE(send(session, "usermove d2d4").search);
}

TEST(CecpSession, SetBoard) {
  const std::string fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
  Session session = set_up(fen);
  EXPECT_TRUE(session.game().moves().empty());
  Reply reply = send(session, "setboard 8/8/8/8/8/8/8/8 w - - 0 1");
  ASSERT_FALSE(reply.lines.empty());
  EXPECT_EQ(reply.lines.front(), "tellusererror Illegal position");
  EXPECT_TRUE(session.force_mode());
  EXPECT_EQ(session.game().position().fen(), fen);  // unchanged
  // A bad FEN outside force mode puts the engine in force mode.
  send_quietly(session, {"new"});
  EXPECT_FALSE(session.force_mode());
  EXPECT_EQ(send(session, "setboard not a fen").lines.front(), "tellusererror Illegal position");
  EXPECT_TRUE(session.force_mode());
  EXPECT_FALSE(send(session, "usermove e2e4").search);
}

TEST(CecpSession, ClaimsMateGivenByTheUser) {
  Session session = set_up("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  send_quietly(session, {"playother"});  // the engine plays Black
  Reply reply = send(session, "usermove a1a8");
  EXPECT_EQ(reply.lines, lines({"1-0 {White mates}"})) << where(session);
  EXPECT_FALSE(reply.search);
  EXPECT_TRUE(session.game().is_over());
  EXPECT_EQ(send(session, "usermove g8h8").lines.size(), 1u);  // "Illegal move (the game is over)"
}

TEST(CecpSession, ClaimsMateGivenByTheEngine) {
  Session session = set_up("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1");
  Reply reply = send(session, "go");
  ASSERT_TRUE(reply.search) << where(session);
  EXPECT_EQ(session.on_search_done(reply.search->id, answer(session, "a8a1")),
            lines({"move a8a1", "0-1 {Black mates}"}))
      << where(session);
}

TEST(CecpSession, GoOnAFinishedPositionClaimsInsteadOfThinking) {
  Session session = set_up("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
  Reply reply = send(session, "go");
  EXPECT_EQ(reply.lines, lines({"1-0 {White mates}"}));
  EXPECT_FALSE(reply.search);
  EXPECT_TRUE(send(session, "go").lines.empty());  // announced once
}

TEST(CecpSession, ClaimsStalemate) {
  Session session = set_up("k7/8/8/1Q6/8/8/8/7K w - - 0 1");
  EXPECT_EQ(send(session, "usermove b5b6").lines, lines({"1/2-1/2 {Stalemate}"})) << where(session);
}

TEST(CecpSession, ClaimsInsufficientMaterial) {
  Session session = set_up("k7/8/8/8/8/8/1r6/K7 w - - 0 1");
  EXPECT_EQ(send(session, "usermove a1b2").lines, lines({"1/2-1/2 {Draw by insufficient material}"}))
      << where(session);
}

TEST(CecpSession, ClaimsThreefoldRepetitionWhenItOccurs) {
  Session session;
  send_quietly(session, {"new", "force"});
  const char* moves[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"};
  for (const char* move : moves) send_quietly(session, {std::string("usermove ") + move});  // twice only: no claim
  EXPECT_EQ(send(session, "usermove f6g8").lines, lines({"1/2-1/2 {Draw by repetition}"})) << where(session);
  EXPECT_TRUE(session.game().is_over());
}

TEST(CecpSession, ClaimsRepetitionCompletedByTheEnginesMove) {
  Session session;
  send_quietly(session, {"new", "force", "usermove g1f3", "usermove g8f6", "usermove f3g1", "usermove f6g8",
                         "usermove g1f3", "usermove g8f6", "usermove f3g1"});
  Reply reply = send(session, "go");
  ASSERT_TRUE(reply.search);
  EXPECT_EQ(session.on_search_done(reply.search->id, answer(session, "f6g8")),
            lines({"move f6g8", "1/2-1/2 {Draw by repetition}"}));
}

TEST(CecpSession, ClaimsTheFiftyMoveRule) {
  Session session = set_up("k7/8/8/8/8/8/8/KR6 w - - 98 80");
  send_quietly(session, {"usermove b1b2"});  // 99 half-moves: not yet
  EXPECT_EQ(send(session, "usermove a8a7").lines, lines({"1/2-1/2 {Draw by fifty move rule}"})) << where(session);
}

TEST(CecpSession, NoClaimInOrdinaryPositions) {
  Session session = set_up("k7/8/8/8/8/8/8/KR6 w - - 97 80");
  send_quietly(session, {"usermove b1b2", "usermove a8a7"});  // 99 half-moves
  EXPECT_FALSE(session.game().is_over());
  Session other;
  send_quietly(other, {"new", "force", "usermove e2e4", "usermove e7e5", "usermove d1h5", "usermove b8c6",
                       "usermove f1c4", "usermove g8f6"});
  EXPECT_EQ(send(other, "usermove h5f7").lines, lines({"1-0 {White mates}"})) << where(other);
}

TEST(CecpSession, ADrawOfferGoesToThePluginWithItsNextSearch) {
  // Offered while the engine waits for the opponent's move: the search after that move carries it.
  Session session;
  send_quietly(session, {"new", "usermove e2e4"});
  Reply reply = send(session, "draw");
  EXPECT_TRUE(reply.lines.empty());
  ASSERT_TRUE(reply.search) << "the running search starts again with the offer";
  EXPECT_EQ(reply.stop, StopSearch::Abandon);
  EXPECT_TRUE(reply.search->request.draw_offered);
  // Declined: the plugin moves, and the offer does not reach the next search.
  EXPECT_EQ(session.on_search_done(reply.search->id, answer(session, "e7e5")), lines({"move e7e5"}));
  reply = send(session, "usermove g1f3");
  ASSERT_TRUE(reply.search);
  EXPECT_FALSE(reply.search->request.draw_offered) << "an offer lapses with the search it went to";

  // Offered before the opponent moves, then accepted: "offer draw" and no move.
  EXPECT_EQ(session.on_search_done(reply.search->id, answer(session, "b8c6")), lines({"move b8c6"}));
  EXPECT_TRUE(send(session, "draw").lines.empty());
  reply = send(session, "usermove f1c4");
  ASSERT_TRUE(reply.search);
  EXPECT_TRUE(reply.search->request.draw_offered);
  players::MoveAnswer accepts;
  accepts.kind = players::MoveAnswer::Kind::AcceptsDraw;
  EXPECT_EQ(session.on_search_done(reply.search->id, accepts), lines({"offer draw"}));
  EXPECT_EQ(session.game().outcome().termination, chess::Termination::Agreement);
  EXPECT_FALSE(session.thinking());
}

TEST(CecpSession, ADrawOfferLapsesWhenTheGameChanges) {
  Session session;
  send_quietly(session, {"new", "force", "usermove e2e4"});
  EXPECT_TRUE(send(session, "draw").lines.empty());
  send_quietly(session, {"undo", "usermove d2d4", "usermove d7d5"});
  Reply reply = send(session, "go");
  ASSERT_TRUE(reply.search);
  EXPECT_FALSE(reply.search->request.draw_offered) << "offered two plies ago, before an undo";
}

TEST(CecpSession, VariantsThePluginDoesNotPlayAreRefused) {
  Session session;  // a plugin of standard chess only
  EXPECT_TRUE(send(session, "variant normal").lines.empty());
  EXPECT_EQ(send(session, "variant 3check").lines, lines({"Error (unsupported variant): 3check"}));
  EXPECT_EQ(session.game().start().variant(), chess::Variant::Standard);
  EXPECT_EQ(send(session, "variant crazyhouse").lines, lines({"Error (unsupported variant): crazyhouse"}));
}

SessionSettings three_check_engine() {
  SessionSettings settings;
  settings.variants = {chess::Variant::Standard, chess::Variant::ThreeCheck};
  return settings;
}

TEST(CecpSession, ThreeCheckIsPlayedAndItsThirdCheckClaimed) {
  Session session(three_check_engine());
  EXPECT_EQ(send(session, "protover 2").lines[1], "feature colors=0 analyze=0 variants=\"normal,3check\"");
  send_quietly(session, {"new", "variant 3check", "force"});
  EXPECT_EQ(session.game().start().variant(), chess::Variant::ThreeCheck) << where(session);
  send_quietly(session, {"usermove e2e4", "usermove e7e5", "usermove f1c4", "usermove b8c6", "usermove c4f7",
                         "usermove e8f7", "usermove d1h5", "usermove f7e7", "go"});
  EXPECT_EQ(session.game().position().checks_given(chess::WHITE), 2) << where(session);
  ASSERT_TRUE(session.thinking()) << where(session);
  EXPECT_EQ(session.on_search_done(1, answer(session, "h5e5")), lines({"move h5e5", "1-0 {White gives a third check}"}));
  EXPECT_TRUE(session.game().is_over());
  EXPECT_EQ(session.game().outcome().termination, chess::Termination::ThirdCheck);
  // "new" goes back to standard chess: the same moves play on after Qxe5+.
  send_quietly(session, {"new", "force"});
  EXPECT_EQ(session.game().start().variant(), chess::Variant::Standard);
}

TEST(CecpSession, SetboardInThreeCheckReadsTheChecks) {
  Session session(three_check_engine());
  send_quietly(session, {"new", "variant 3check", "force",
                         "setboard rnbqkbnr/p3pppp/2p5/3p4/8/8/PPPPQPPP/RNB1K1NR w KQkq - 1+3 0 4"});
  EXPECT_EQ(session.game().position().checks_given(chess::WHITE), 2) << where(session);
  send_quietly(session, {"setboard rnbqkbnr/p3pppp/2p5/3p4/8/8/PPPPQPPP/RNB1K1NR w KQkq - 0 4 +1+0"});
  EXPECT_EQ(session.game().position().checks_given(chess::WHITE), 1) << where(session);
  const Reply refused = send(session, "setboard rnbqkbnr/p3pppp/2p5/3p4/8/8/PPPPQPPP/RNB1K1NR w KQkq - 4+3 0 4");
  ASSERT_EQ(refused.lines.size(), 2u);
  EXPECT_EQ(refused.lines[0], "tellusererror Illegal position");
  EXPECT_NE(refused.lines[1].find("checks remaining '4+3'"), std::string::npos) << refused.lines[1];
}

TEST(CecpSession, MoveNowStopsTheSearchAndKeepsItsMove) {
  Session session;
  EXPECT_EQ(send(session, "?").stop, StopSearch::No);  // not thinking
  send_quietly(session, {"new"});
  Reply reply = send(session, "usermove e2e4");
  ASSERT_TRUE(reply.search);
  EXPECT_EQ(send(session, "?").stop, StopSearch::MoveNow);
  EXPECT_EQ(session.on_search_done(reply.search->id, answer(session, "e7e5")), lines({"move e7e5"}));
}

TEST(CecpSession, ForceWhileThinkingAbandonsTheSearch) {
  Session session;
  send_quietly(session, {"new"});
  Reply reply = send(session, "usermove e2e4");
  ASSERT_TRUE(reply.search);
  const std::uint64_t id = reply.search->id;
  EXPECT_EQ(send(session, "force").stop, StopSearch::Abandon);
  EXPECT_FALSE(session.thinking());
  EXPECT_TRUE(session.on_search_done(id, answer(session, "e7e5")).empty());
  EXPECT_EQ(session.game().moves().size(), 1u);
  // The next search has a new id; an old answer arriving late is ignored.
  reply = send(session, "go");
  ASSERT_TRUE(reply.search);
  EXPECT_NE(reply.search->id, id);
  EXPECT_TRUE(session.on_search_done(id, answer(session, "e7e5")).empty());
  EXPECT_TRUE(session.thinking());
}

TEST(CecpSession, ResultAndNewAbandonTheSearch) {
  Session session;
  send_quietly(session, {"new"});
  ASSERT_TRUE(send(session, "usermove e2e4").search);
  EXPECT_EQ(send(session, "result 1-0 {White resigns}").stop, StopSearch::Abandon);
  EXPECT_TRUE(session.force_mode());
  ASSERT_TRUE(send(session, "go").search);
  Reply reply = send(session, "new");
  EXPECT_EQ(reply.stop, StopSearch::Abandon);
  EXPECT_TRUE(reply.new_game);
  EXPECT_TRUE(session.game().moves().empty());
  EXPECT_EQ(send(session, "quit").stop, StopSearch::No);
  EXPECT_TRUE(send(session, "quit").quit);
}

TEST(CecpSession, UserMoveWhileThinkingIsRefused) {
  Session session;
  send_quietly(session, {"new", "force", "go"});
  EXPECT_EQ(send(session, "usermove e2e4").lines, lines({"Error (command not legal now): usermove e2e4"}));
  EXPECT_TRUE(session.game().moves().empty());
}

TEST(CecpSession, PongWaitsForTheMoveBeingThoughtOf) {
  Session session;
  EXPECT_EQ(send(session, "ping 1").lines, lines({"pong 1"}));
  send_quietly(session, {"new"});
  Reply reply = send(session, "usermove e2e4");
  ASSERT_TRUE(reply.search);
  EXPECT_TRUE(send(session, "ping 2").lines.empty());
  EXPECT_EQ(session.on_search_done(reply.search->id, answer(session, "e7e5")), lines({"move e7e5", "pong 2"}));
  // Abandoned: the pong is answered at once.
  reply = send(session, "usermove d2d4");
  ASSERT_TRUE(reply.search);
  EXPECT_TRUE(send(session, "ping 3").lines.empty());
  EXPECT_EQ(send(session, "force").lines, lines({"pong 3"}));
}

TEST(CecpSession, PostShowsTheThinking) {
  Session session;
  send_quietly(session, {"new"});
  Reply reply = send(session, "usermove e2e4");
  ASSERT_TRUE(reply.search);
  players::SearchInfo info;
  info.depth = 3;
  info.score_kind = players::ScoreKind::Centipawns;
  info.score = 25;
  info.time_ms = 500;
  info.nodes = 1000;
  info.pv = {answer(session, "e7e5").move};
  EXPECT_EQ(session.on_info(reply.search->id, info), std::nullopt);  // nopost by default
  send_quietly(session, {"post"});
  EXPECT_EQ(session.on_info(reply.search->id, info), "3 25 50 1000 e5");
  EXPECT_EQ(session.on_info(reply.search->id + 1, info), std::nullopt);  // not this search
  send_quietly(session, {"nopost"});
  EXPECT_EQ(session.on_info(reply.search->id, info), std::nullopt);
}

TEST(CecpSession, AFailedPlayerPlaysTheFirstLegalMove) {
  Session session;
  send_quietly(session, {"new"});
  Reply reply = send(session, "usermove e2e4");
  ASSERT_TRUE(reply.search);
  players::MoveAnswer failed;
  failed.kind = players::MoveAnswer::Kind::Failed;
  failed.reason = "player 'x' crashed";
  const std::vector<std::string> out = session.on_search_done(reply.search->id, failed);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].rfind("# the player failed (player 'x' crashed)", 0), 0u) << out[0];
  EXPECT_EQ(out[1].rfind("move ", 0), 0u) << out[1];
  EXPECT_EQ(session.game().moves().size(), 2u);
}

TEST(CecpSession, ResignsOnlyWhenConfigured) {
  for (int resign_cp : {0, 300}) {
    Session session({"Gambit", resign_cp});
    send_quietly(session, {"new", "force"});
    const char* user[] = {"e2e4", "d2d4", "g1f3"};
    const char* engine[] = {"a7a6", "b7b6", "c7c6"};
    std::vector<std::string> last;
    for (int i = 0; i < 3; ++i) {
      send_quietly(session, {std::string("usermove ") + user[i]});
      Reply reply = send(session, "go");
      ASSERT_TRUE(reply.search);
      players::SearchInfo info;
      info.score_kind = players::ScoreKind::Centipawns;
      info.score = -500;
      (void)session.on_info(reply.search->id, info);
      last = session.on_search_done(reply.search->id, answer(session, engine[i]));
      send_quietly(session, {"force"});
    }
    if (resign_cp == 0) EXPECT_EQ(last, lines({"move c7c6"}));
    else EXPECT_EQ(last, lines({"resign"}));
  }
}

TEST(CecpSession, TimeControlsBecomeLimits) {
  Session session;
  send_quietly(session, {"new"});
  // Nothing said: the plugin chooses.
  Reply reply = send(session, "usermove e2e4");
  ASSERT_TRUE(reply.search);
  EXPECT_EQ(reply.search->request.limits.movetime_ms, 0);
  EXPECT_EQ(reply.search->request.limits.depth, 0);
  EXPECT_EQ(reply.search->request.hard_deadline, players::MoveRequest::NoDeadline);
  send_quietly(session, {"force"});

  // 40 moves in 5 minutes, 30 s left on each clock: the clocks go to the
  // player, with the moves to the time control (the engine has made none).
  send_quietly(session, {"level 40 5 0", "time 3000", "otim 2500"});
  players::Limits limits = session.limits();
  EXPECT_EQ(limits.movetime_ms, 0);
  EXPECT_EQ(limits.time_ms[chess::BLACK], 30'000);  // the engine plays Black here
  EXPECT_EQ(limits.time_ms[chess::WHITE], 25'000);
  EXPECT_EQ(limits.moves_to_go, 40);
  EXPECT_EQ(limits.increment_ms[chess::BLACK], 0);
  // Sudden death with an increment: no moves to go; a fraction of a second kept.
  send_quietly(session, {"level 0 1 2.5", "time 6000"});
  limits = session.limits();
  EXPECT_EQ(limits.time_ms[chess::BLACK], 60'000);
  EXPECT_EQ(limits.increment_ms[chess::BLACK], 2500);
  EXPECT_EQ(limits.increment_ms[chess::WHITE], 2500);
  EXPECT_EQ(limits.moves_to_go, 0);
  // Moves to go count the engine's moves in the game: after e4 e5 Nf3 it has made one.
  send_quietly(session, {"new", "force", "level 40 5 0", "e2e4", "e7e5", "g1f3", "time 29000"});
  EXPECT_EQ(session.limits().moves_to_go, 39);
  // The search on a clock is given up a tenth of the clock early, so that a
  // stand-in move still beats the flag.
  reply = send(session, "go");
  ASSERT_TRUE(reply.search);
  EXPECT_EQ(reply.search->request.limits.time_ms[chess::BLACK], 290'000);
  EXPECT_EQ(reply.search->request.hard_deadline, std::chrono::milliseconds(289'000));
  send_quietly(session, {"force"});
  // st is exact and replaces level; sd limits the depth.
  send_quietly(session, {"st 2", "sd 4"});
  EXPECT_EQ(session.limits().movetime_ms, 2000);
  EXPECT_EQ(session.limits().depth, 4);
  reply = send(session, "go");
  ASSERT_TRUE(reply.search);
  EXPECT_EQ(reply.search->request.limits.movetime_ms, 2000);
  EXPECT_EQ(reply.search->request.limits.depth, 4);
  EXPECT_EQ(reply.search->request.hard_deadline, std::chrono::milliseconds(3000));
  // new forgets sd but keeps the time control.
  send_quietly(session, {"new"});
  EXPECT_EQ(session.limits().depth, 0);
  EXPECT_EQ(session.limits().movetime_ms, 2000);
}

TEST(CecpSession, ClockDeadline) {
  EXPECT_EQ(clock_deadline(300'000), std::chrono::milliseconds(299'000));  // at most a second kept back
  EXPECT_EQ(clock_deadline(5000), std::chrono::milliseconds(4500));        // else a tenth
  EXPECT_EQ(clock_deadline(300), std::chrono::milliseconds(270));
  EXPECT_EQ(clock_deadline(50), std::chrono::milliseconds(100));  // never under 100 ms
  EXPECT_EQ(clock_deadline(-5), std::chrono::milliseconds(100));
}

}  // namespace
}  // namespace gambit::cecp
