// Files written whole or not at all: the content arrives, a failed write leaves the old file and no
// temporary file behind, and the error names the step and the path.
#include "bitsolve/core/file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "bitsolve/core/errors.hpp"

namespace bitsolve {
namespace {

namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& name) {
    fs::path d = fs::path(::testing::TempDir()) / ("corefile_" + std::to_string(::getpid()) + "_" + name);
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::size_t entries(const fs::path& d) {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(d), fs::directory_iterator()));
}

TEST(WriteFileAtomic, WritesThePartsInOrderAndReplacesTheOldFile) {
    const fs::path d = fresh_dir("parts");
    const std::string file = (d / "out.txt").string();
    write_file_atomic(file, {"old"});
    write_file_atomic(file, {"ab", "", std::string(100000, 'x'), "cd"});
    EXPECT_EQ(slurp(file), "ab" + std::string(100000, 'x') + "cd");
    EXPECT_EQ(entries(d), 1u);  // no temporary file left
    fs::remove_all(d);
}

TEST(WriteFileAtomic, AFailedReplaceKeepsNothingAndSaysWhere) {
    const fs::path d = fresh_dir("fail");
    const fs::path target = d / "taken";
    fs::create_directories(target / "inside");  // a non-empty directory cannot be replaced by a file
    try {
        write_file_atomic(target.string(), {"data"}, "checkpoint ");
        FAIL() << "expected an InputError";
    } catch (const InputError& e) {
        const std::string m = e.message();
        EXPECT_EQ(m.rfind("cannot replace checkpoint '" + target.string() + "': ", 0), 0u) << m;
    }
    EXPECT_TRUE(fs::is_directory(target));
    EXPECT_EQ(entries(d), 1u);  // the temporary file was removed
    fs::remove_all(d);
}

TEST(WriteFileAtomic, AMissingDirectoryIsACreateError) {
    const fs::path d = fresh_dir("missing");
    const std::string file = (d / "no" / "such" / "f").string();
    try {
        write_file_atomic(file, {"x"});
        FAIL() << "expected an InputError";
    } catch (const InputError& e) {
        EXPECT_EQ(e.message().rfind("cannot create '", 0), 0u) << e.message();
    }
    fs::remove_all(d);
}

TEST(TempPathFor, IsBesideThePathAndNeverRepeats) {
    const std::string a = temp_path_for("/x/y"), b = temp_path_for("/x/y");
    EXPECT_EQ(a.rfind("/x/y.tmp-", 0), 0u);
    EXPECT_NE(a, b);
}

}  // namespace
}  // namespace bitsolve
