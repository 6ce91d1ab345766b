// SPDX-License-Identifier: MIT
#include "core/store/sqlite.h"

#include <sqlite3.h>

#include "core/util/translation.h"

namespace gambit::store {

namespace {
// How long a writer waits for another process's transaction before failing.
constexpr int BusyTimeoutMs = 10000;
}  // namespace

Result<std::unique_ptr<Connection>> Connection::open(const std::filesystem::path& path) {
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                                 nullptr);
  if (rc != SQLITE_OK) {
    std::string why = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    sqlite3_close(db);
    // TRANSLATORS: {reason} is SQLite's words, in English.
    return Failure{fill(tr("cannot open {path}: {reason}"), {{"path", path.string()}, {"reason", why}})};
  }
  sqlite3_busy_timeout(db, BusyTimeoutMs);
  sqlite3_extended_result_codes(db, 1);
  auto connection = std::unique_ptr<Connection>(new Connection(db));
  if (auto on = connection->exec("PRAGMA foreign_keys = ON"); !on) return Failure{on.error()};
  return connection;
}

Connection::~Connection() { sqlite3_close_v2(db_); }

Result<bool> Connection::exec(const std::string& sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
    std::string why = error ? error : message();
    sqlite3_free(error);
    return Failure{why};
  }
  return true;
}

Result<std::int64_t> Connection::query_int(const std::string& sql) {
  auto statement = Statement::prepare(*this, sql);
  if (!statement) return Failure{statement.error()};
  auto row = statement.value().step();
  if (!row) return Failure{row.error()};
  if (!row.value()) return Failure{"no row from: " + sql};
  return statement.value().column_int(0);
}

void Connection::keep_log_on_close() { sqlite3_db_config(db_, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr); }

std::int64_t Connection::last_insert_id() const { return sqlite3_last_insert_rowid(db_); }

std::string Connection::message() const { return sqlite3_errmsg(db_); }

bool Connection::last_error_is_busy() const {
  const int code = sqlite3_errcode(db_) & 0xff;
  return code == SQLITE_BUSY || code == SQLITE_LOCKED;
}

bool Connection::last_error_is_damage() const {
  const int code = sqlite3_errcode(db_) & 0xff;
  return code == SQLITE_NOTADB || code == SQLITE_CORRUPT;
}

Result<Statement> Statement::prepare(Connection& db, const std::string& sql) {
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v2(db.handle(), sql.c_str(), int(sql.size()), &statement, nullptr) != SQLITE_OK)
    return Failure{db.message()};
  return Statement(db, statement);
}

Statement::~Statement() { sqlite3_finalize(statement_); }

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_), statement_(other.statement_), bind_failed_(other.bind_failed_) {
  other.statement_ = nullptr;
}

Statement& Statement::bind(int index, std::int64_t value) {
  bind_failed_ |= sqlite3_bind_int64(statement_, index, value) != SQLITE_OK;
  return *this;
}

Statement& Statement::bind(int index, double value) {
  bind_failed_ |= sqlite3_bind_double(statement_, index, value) != SQLITE_OK;
  return *this;
}

Statement& Statement::bind(int index, const std::string& text) {
  bind_failed_ |= sqlite3_bind_text(statement_, index, text.data(), int(text.size()), SQLITE_TRANSIENT) != SQLITE_OK;
  return *this;
}

Statement& Statement::bind_blob(int index, std::span<const std::uint8_t> bytes) {
  // A zero-length blob, not NULL, for no bytes (the pointer may be null then).
  static constexpr std::uint8_t None = 0;
  bind_failed_ |= sqlite3_bind_blob(statement_, index, bytes.empty() ? &None : bytes.data(), int(bytes.size()),
                                    SQLITE_TRANSIENT) != SQLITE_OK;
  return *this;
}

Statement& Statement::bind_null(int index) {
  bind_failed_ |= sqlite3_bind_null(statement_, index) != SQLITE_OK;
  return *this;
}

Result<bool> Statement::step() {
  if (bind_failed_) return Failure{fill(tr("a value could not be bound: {reason}"), {{"reason", db_->message()}})};
  const int rc = sqlite3_step(statement_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  return Failure{db_->message()};
}

Result<bool> Statement::run() {
  for (;;) {
    auto row = step();
    if (!row) return Failure{row.error()};
    if (!row.value()) return true;
  }
}

void Statement::reset() {
  sqlite3_reset(statement_);
  sqlite3_clear_bindings(statement_);
  bind_failed_ = false;
}

std::int64_t Statement::column_int(int index) const { return sqlite3_column_int64(statement_, index); }

double Statement::column_double(int index) const { return sqlite3_column_double(statement_, index); }

std::string Statement::column_text(int index) const {
  const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(statement_, index));
  return text ? std::string(text, std::size_t(sqlite3_column_bytes(statement_, index))) : std::string();
}

std::vector<std::uint8_t> Statement::column_blob(int index) const {
  const auto* bytes = static_cast<const std::uint8_t*>(sqlite3_column_blob(statement_, index));
  return bytes ? std::vector<std::uint8_t>(bytes, bytes + sqlite3_column_bytes(statement_, index))
               : std::vector<std::uint8_t>();
}

bool Statement::column_null(int index) const { return sqlite3_column_type(statement_, index) == SQLITE_NULL; }

Result<std::unique_ptr<Transaction>> Transaction::begin(Connection& db) {
  if (auto begun = db.exec("BEGIN IMMEDIATE"); !begun) return Failure{begun.error()};
  return std::unique_ptr<Transaction>(new Transaction(db));
}

Transaction::~Transaction() {
  if (!done_) static_cast<void>(db_.exec("ROLLBACK"));
}

Result<bool> Transaction::commit() {
  auto committed = db_.exec("COMMIT");
  if (committed) done_ = true;
  return committed;
}

}  // namespace gambit::store
