// SPDX-License-Identifier: MIT
// The network file: what to_bytes writes from_bytes reads back exactly, and
// every kind of damage is refused in words.
#include "ai_plugins/nnue/network.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "tests/ai_plugins/nnue/random_network.h"

namespace gambit::nnue {
namespace {

Result<std::unique_ptr<Network>> parse(const std::string& bytes) {
  return Network::from_bytes({reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()});
}

TEST(NetworkFile, WhatIsWrittenIsReadBackExactly) {
  const auto net = testing::random_network(1);
  const std::string bytes = net->to_bytes();
  ASSERT_EQ(bytes.size(), file_size());
  const auto read = parse(bytes);
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_EQ(std::memcmp(read->get(), net.get(), sizeof(Network)), 0);
  EXPECT_EQ((*read)->to_bytes(), bytes);
}

TEST(NetworkFile, DamageIsRefusedInWords) {
  const std::string good = testing::random_network(2)->to_bytes();

  EXPECT_NE(parse("").error().find("not a Gambit network"), std::string::npos);
  EXPECT_NE(parse("GAMBITNN\x01").error().find("ends inside its header"), std::string::npos);

  std::string other_shape = good;
  other_shape[8 + 8] = char(other_shape[8 + 8] + 1);  // the hidden size
  EXPECT_NE(parse(other_shape).error().find("hidden neurons is 257 where this alphabeta needs 256"), std::string::npos)
      << parse(other_shape).error();

  EXPECT_NE(parse(good.substr(0, good.size() - 1)).error().find("bytes where its header says"), std::string::npos);

  std::string flipped = good;
  flipped[flipped.size() / 2] ^= 0x10;
  EXPECT_NE(parse(flipped).error().find("checksum"), std::string::npos);
}

TEST(NetworkFile, AnOutputWeightBeyondTheSimdBoundIsRefused) {
  auto net = testing::random_network(3);
  net->output_weights[5][17] = MaxOutputWeight + 1;
  const auto read = parse(net->to_bytes());
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.error().find("bucket 5 is 128"), std::string::npos) << read.error();
}

TEST(NetworkFile, AFirstLayerWeightBeyondItsBoundIsRefused) {
  auto net = testing::random_network(5);
  net->feature_weights[700][3] = -(MaxFeatureWeight + 1);
  const auto read = parse(net->to_bytes());
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.error().find("input 700 is -506"), std::string::npos) << read.error();
  net = testing::random_network(5);
  net->feature_bias[9] = MaxFeatureWeight + 1;
  EXPECT_NE(parse(net->to_bytes()).error().find("bias is 506"), std::string::npos);
}

TEST(NetworkFile, AMissingFileIsNamed) {
  const auto read = Network::read("/nonexistent/gambit_alphabeta.nnue");
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.error().find("/nonexistent/gambit_alphabeta.nnue"), std::string::npos);
}

TEST(NetworkFile, ReadsAFileFromDisk) {
  const auto net = testing::random_network(4);
  const std::filesystem::path file = std::filesystem::path(::testing::TempDir()) / "network_test.nnue";
  std::ofstream(file, std::ios::binary) << net->to_bytes();
  const auto read = Network::read(file);
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_EQ((*read)->to_bytes(), net->to_bytes());
  std::filesystem::remove(file);
}

TEST(NetworkFeatures, EachPieceAndSquareHasItsOwnInputAndBlackSeesTheBoardMirrored) {
  using namespace chess;
  std::vector<bool> seen(Inputs, false);
  for (const Piece p : {W_PAWN, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING, B_PAWN, B_KNIGHT, B_BISHOP, B_ROOK,
                        B_QUEEN, B_KING})
    for (int s = 0; s < 64; ++s) {
      const int i = feature_index(WHITE, p, Square(s));
      ASSERT_GE(i, 0);
      ASSERT_LT(i, Inputs);
      EXPECT_FALSE(seen[std::size_t(i)]);
      seen[std::size_t(i)] = true;
      // Black's view of the mirrored piece of the other colour is White's view of this one.
      const Piece twin = make_piece(~color_of(p), type_of(p));
      EXPECT_EQ(feature_index(BLACK, twin, Square(s ^ 56)), i);
    }
  EXPECT_EQ(feature_index(WHITE, W_PAWN, SQ_A1), 0);
  EXPECT_EQ(feature_index(WHITE, B_KING, SQ_H8), Inputs - 1);
}

}  // namespace
}  // namespace gambit::nnue
