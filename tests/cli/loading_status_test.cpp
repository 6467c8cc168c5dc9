// The status line of a search loading its tables (loading_status, apps/bitsolve/pdb_tables.cpp,
// compiled into this test): the tables ready, the gigabytes read of those expected, the seconds.
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

}  // namespace
}  // namespace bitsolve::test
