// The status lines of a search loading its tables and of build-pdb checking them (loading_status,
// checking_status, apps/bitsolve/pdb_tables.cpp, compiled into this test): the tables ready or
// checked, the bytes read of those expected (in GB, MB or kB), the seconds.
#include <gtest/gtest.h>

#include <filesystem>

#include "bitsolve/sliding/pdb/cache.hpp"
#include "pdb_tables.hpp"

namespace bitsolve::test {
namespace {

using Kind = sliding::pdb::TableEvent::Kind;

TEST(LoadingStatus, TablesReadyBytesReadAndSeconds) {
    const sliding::pdb::PatternSpec spec;
    const std::filesystem::path file;
    sliding::pdb::TableEvent e{Kind::Reading, spec, file, {}, {}, {}, 3, 8, 5'249'000'000, 15'260'000'000};
    EXPECT_EQ(cli::loading_status(e, 12.4), "loading pattern databases: 3 of 8 ready, 5.2 of 15.3 GB read (12 s)");
    e.read = 16'000'000'000;  // past the total (a file found unusable): it stops there
    EXPECT_EQ(cli::loading_status(e, 40), "loading pattern databases: 3 of 8 ready, 15.3 of 15.3 GB read (40 s)");
    e.read = e.to_read = 0;  // nothing to read: the tables are built
    e.kind = Kind::Ready;
    e.ready = 1;
    EXPECT_EQ(cli::loading_status(e, 0.2), "loading pattern databases: 1 of 8 ready (0 s)");
}

TEST(LoadingStatus, CheckingTheCachedTables) {
    EXPECT_EQ(cli::checking_status(2, 8, 9'760'000'000, 43'010'000'000, 21),
              "checking the cached tables: 2 of 8, 9.8 of 43.0 GB read (21 s)");
    EXPECT_EQ(cli::bytes_read(0, 4'700'000'000), ", 0.0 of 4.7 GB read");
    EXPECT_EQ(cli::bytes_read(220'000'000, 221'000'000), ", 220.0 of 221.0 MB read");
    EXPECT_EQ(cli::bytes_read(5'000, 50'600), ", 5.0 of 50.6 kB read");
    EXPECT_EQ(cli::bytes_read(5, 0), "");
}

}  // namespace
}  // namespace bitsolve::test
