// The bundled databases (data/rush/db-4x4.txt, db-5x5.txt) are what `bitsolve rush enumerate`
// makes today: the rows after the `#` header lines equal a fresh run, byte for byte. A change of
// the engine's rules, labels or order shows here as a diff against a committed file.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "bitsolve/rush/database.hpp"
#include "bitsolve/rush/db_file.hpp"
#include "bitsolve/rush/db_run.hpp"

namespace bitsolve::rush {
namespace {

std::string bundled_rows(const std::string& name) {
    std::ifstream in(std::string(BITSOLVE_DATA_DIR) + "/rush/" + name, std::ios::binary);
    std::string line, rows;
    while (std::getline(in, line))
        if (!line.empty() && line[0] != '#') rows += line + '\n';
    return rows;
}

std::string fresh_rows(int size) {
    const DbEnumeration e(DbParams{size, 0});
    DbRunOptions o;
    o.threads = 2;
    return format_rows(run_database(e, o).rows);
}

TEST(RushDbBundled, FourByFourIsWhatTheCommandMakes) {
    const std::string rows = bundled_rows("db-4x4.txt");
    ASSERT_FALSE(rows.empty());
    EXPECT_EQ(rows, fresh_rows(4));
}

TEST(RushDbBundled, FiveByFiveIsWhatTheCommandMakes) {
    const std::string rows = bundled_rows("db-5x5.txt");
    ASSERT_FALSE(rows.empty());
    EXPECT_EQ(rows, fresh_rows(5));
}

}  // namespace
}  // namespace bitsolve::rush
