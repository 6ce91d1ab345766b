// EngineProcess: an external chess engine run as a child process, spoken to
// line by line over its standard input and output.
//
// Invariants: the child is always reaped (the destructor asks it to quit,
// then terminates and kills it if it lingers, and waits for it), so no zombie
// outlives the object; writes never raise SIGPIPE (a dead engine is an error
// in words); every read has a deadline and can be cut short by a stop flag.
// Used from one thread at a time.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gambit::plugins {

class EngineProcess {
 public:
  using Clock = std::chrono::steady_clock;

  // Starts command (a path, or a name looked up on PATH and then in /usr/games,
  // where Debian installs engines) with args. Throws std::runtime_error saying
  // why it could not be started ("cannot run 'x': No such file or directory").
  EngineProcess(const std::string& command, const std::vector<std::string>& args);
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Sends one line (a newline is added). Throws when the engine is gone.
  void send(const std::string& line);

  // The next line the engine writes, without its newline. nullopt when the
  // deadline passes or *stop turns true first (the line is not lost: a later
  // call returns it). Throws when the engine closed its output (it exited).
  std::optional<std::string> read_line(Clock::time_point deadline, const std::atomic<bool>* stop = nullptr);

  // "exited with status 1", "was killed by signal 9", or "is still running".
  std::string fate();

  // Appends the dialogue from now on to the file at path ("> " lines sent,
  // "< " lines read, "# " notes, each after the milliseconds since the start),
  // for people debugging an engine. Throws when the file cannot be opened.
  void log_to(const std::string& path);
  // A note in the log (nothing without one).
  void note(const std::string& text);
  const std::string& name() const { return name_; }

 private:
  void reap(std::chrono::milliseconds patience);
  void log(char direction, const std::string& line);

  std::string name_;
  pid_t pid_ = -1;
  int socket_ = -1;  // our end of the socket pair that is the child's stdin and stdout
  std::string buffer_;
  std::optional<int> status_;  // waitpid status once reaped
  std::unique_ptr<std::ofstream> log_;
  Clock::time_point started_ = Clock::now();
};

}  // namespace gambit::plugins
