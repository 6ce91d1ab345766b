// SPDX-License-Identifier: MIT
#include "ai_plugins/nnue/network.h"

#include <cstring>
#include <fstream>
#include <iterator>
#include <string_view>

#include "core/util/fnv1a.h"

namespace gambit::nnue {

namespace {

constexpr std::string_view Magic = "GAMBITNN";
constexpr std::size_t HeaderSize = 8 + 8 * 4 + 8;  // magic, eight 32-bit fields, the payload's checksum
constexpr std::size_t PayloadSize =
    sizeof(std::int16_t) * (std::size_t(Inputs) * Hidden + Hidden + std::size_t(OutputBuckets) * 2 * Hidden) +
    sizeof(std::int32_t) * OutputBuckets;

// The header's fields after the magic, in order; the last is reserved (0).
constexpr std::uint32_t HeaderFields[8] = {FileVersion, Inputs, Hidden, OutputBuckets, QA, QB, Scale, 0};
constexpr const char* HeaderNames[8] = {"version", "inputs", "hidden neurons", "output buckets",
                                        "QA",      "QB",     "scale",          "reserved field"};

std::uint64_t little_endian(const unsigned char* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

void put_little_endian(std::string& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += char((v >> (8 * i)) & 0xFF);
}

}  // namespace

std::size_t file_size() { return HeaderSize + PayloadSize; }

Result<std::unique_ptr<Network>> Network::from_bytes(std::span<const unsigned char> bytes) {
  if (bytes.size() < Magic.size() || std::memcmp(bytes.data(), Magic.data(), Magic.size()) != 0)
    return Failure{"it is not a Gambit network file (it does not start with GAMBITNN)"};
  if (bytes.size() < HeaderSize) return Failure{"it ends inside its header"};
  for (int i = 0; i < 8; ++i) {
    const std::uint64_t v = little_endian(bytes.data() + 8 + 4 * i, 4);
    if (v != HeaderFields[i])
      return Failure{"its " + std::string(HeaderNames[i]) + " is " + std::to_string(v) + " where this alphabeta needs " +
                     std::to_string(HeaderFields[i])};
  }
  if (bytes.size() != file_size())
    return Failure{"it has " + std::to_string(bytes.size()) + " bytes where its header says " +
                   std::to_string(file_size())};
  const unsigned char* p = bytes.data() + HeaderSize;
  const std::uint64_t checksum = little_endian(bytes.data() + HeaderSize - 8, 8);
  if (fnv1a(std::string_view(reinterpret_cast<const char*>(p), PayloadSize)) != checksum)
    return Failure{"its contents do not match its checksum (the file is damaged)"};

  auto net = std::make_unique<Network>();
  auto read16 = [&p](std::int16_t* out, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i, p += 2) out[i] = std::int16_t(std::uint16_t(little_endian(p, 2)));
  };
  read16(&net->feature_weights[0][0], std::size_t(Inputs) * Hidden);
  read16(net->feature_bias, Hidden);
  read16(&net->output_weights[0][0], std::size_t(OutputBuckets) * 2 * Hidden);
  for (int b = 0; b < OutputBuckets; ++b, p += 4) net->output_bias[b] = std::int32_t(std::uint32_t(little_endian(p, 4)));
  auto beyond = [](std::int16_t w, int bound) { return w > bound || w < -bound; };
  for (int i = 0; i < Inputs; ++i)
    for (const std::int16_t w : net->feature_weights[i])
      if (beyond(w, MaxFeatureWeight))
        return Failure{"a weight of input " + std::to_string(i) + " is " + std::to_string(w) + ", beyond the +/-" +
                       std::to_string(MaxFeatureWeight) + " this alphabeta computes with"};
  for (const std::int16_t b : net->feature_bias)
    if (beyond(b, MaxFeatureWeight))
      return Failure{"a first-layer bias is " + std::to_string(b) + ", beyond the +/-" +
                     std::to_string(MaxFeatureWeight) + " this alphabeta computes with"};
  for (int b = 0; b < OutputBuckets; ++b)
    for (const std::int16_t w : net->output_weights[b])
      if (beyond(w, MaxOutputWeight))
        return Failure{"an output weight of bucket " + std::to_string(b) + " is " + std::to_string(w) +
                       ", beyond the +/-" + std::to_string(MaxOutputWeight) + " this alphabeta computes with"};
  return net;
}

Result<std::unique_ptr<Network>> Network::read(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return Failure{"cannot open the network " + file.string()};
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return Failure{"cannot read the network " + file.string()};
  Result<std::unique_ptr<Network>> net =
      from_bytes({reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()});
  if (!net) return Failure{"the network " + file.string() + " cannot be used: " + net.error()};
  return net;
}

std::string Network::to_bytes() const {
  std::string payload;
  payload.reserve(PayloadSize);
  auto write16 = [&payload](const std::int16_t* in, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) put_little_endian(payload, std::uint16_t(in[i]), 2);
  };
  write16(&feature_weights[0][0], std::size_t(Inputs) * Hidden);
  write16(feature_bias, Hidden);
  write16(&output_weights[0][0], std::size_t(OutputBuckets) * 2 * Hidden);
  for (const std::int32_t b : output_bias) put_little_endian(payload, std::uint32_t(b), 4);
  std::string out(Magic);
  for (const std::uint32_t field : HeaderFields) put_little_endian(out, field, 4);
  put_little_endian(out, fnv1a(payload), 8);
  return out + payload;
}

}  // namespace gambit::nnue
