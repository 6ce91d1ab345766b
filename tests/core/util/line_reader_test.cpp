// SPDX-License-Identifier: MIT
// LineReader over a pipe: lines whole whatever the chunks, the last line
// without its newline at the end, nothing waited for past `until`, a wake
// descriptor, an over-long line and a descriptor that cannot be read.
#include "core/util/line_reader.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

namespace gambit {
namespace {

// A pipe: what the test writes, the reader reads.
class Pipe {
 public:
  Pipe() { EXPECT_EQ(::pipe(fds_), 0); }
  ~Pipe() {
    close_writer();
    ::close(fds_[0]);
  }
  int reader() const { return fds_[0]; }
  void write(const std::string& text) { ASSERT_EQ(::write(fds_[1], text.data(), text.size()), ssize_t(text.size())); }
  void close_writer() {
    if (fds_[1] >= 0) ::close(fds_[1]);
    fds_[1] = -1;
  }

 private:
  int fds_[2] = {-1, -1};
};

using Status = LineReader::Status;

TEST(LineReader, HandsOutWholeLinesInOrderThenTheUnfinishedLastOne) {
  Pipe pipe;
  LineReader reader(pipe.reader());
  std::string line;
  pipe.write("uci\nisre");
  ASSERT_EQ(reader.next(&line), Status::Line);
  EXPECT_EQ(line, "uci");
  EXPECT_EQ(reader.next(&line, LineReader::Clock::now()), Status::Woken) << "half a line is not a line";
  pipe.write("ady\r\n\nposition startpos");
  ASSERT_EQ(reader.next(&line), Status::Line);
  EXPECT_EQ(line, "isready\r") << "only the newline is taken off";
  ASSERT_EQ(reader.next(&line), Status::Line);
  EXPECT_EQ(line, "");
  pipe.close_writer();
  ASSERT_EQ(reader.next(&line), Status::Line);
  EXPECT_EQ(line, "position startpos") << "the last line, its newline never written";
  EXPECT_EQ(reader.next(&line), Status::End);
  EXPECT_EQ(reader.next(&line), Status::End) << "and again";
}

TEST(LineReader, AWakeDescriptorOrTheTimeGivenEndsTheWait) {
  Pipe input, wake;
  LineReader reader(input.reader());
  std::string line = "untouched";
  EXPECT_EQ(reader.next(&line, LineReader::Clock::now() - std::chrono::seconds(1)), Status::Woken);
  wake.write("x");
  EXPECT_EQ(reader.next(&line, std::nullopt, wake.reader()), Status::Woken);
  EXPECT_EQ(line, "untouched");
  input.write("go\n");
  ASSERT_EQ(reader.next(&line, std::nullopt, wake.reader()), Status::Line) << "a line waiting comes first";
  EXPECT_EQ(line, "go");
}

TEST(LineReader, ALineLongerThanTheLimitStopsTheReading) {
  Pipe pipe;
  LineReader reader(pipe.reader(), 8);
  std::string line;
  pipe.write("12345678\n123456789");
  ASSERT_EQ(reader.next(&line), Status::Line);
  EXPECT_EQ(line, "12345678") << "a line of the limit is whole";
  EXPECT_EQ(reader.next(&line), Status::TooLong);
  pipe.write("\n");
  EXPECT_EQ(reader.next(&line), Status::TooLong) << "nothing more is read";
}

TEST(LineReader, ADescriptorThatCannotBeReadFailsInWords) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  ::close(fds[1]);
  ::close(fds[0]);  // fds[0] is no descriptor now
  LineReader reader(fds[0]);
  std::string line;
  EXPECT_EQ(reader.next(&line, LineReader::Clock::now() + std::chrono::seconds(5)), Status::Failed);
  EXPECT_FALSE(reader.error().empty());
}

}  // namespace
}  // namespace gambit
