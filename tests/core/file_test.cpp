// Files written whole or not at all: the content arrives, a failed write leaves the old file and no
// temporary file behind, and the error names the step and the path.
#include "bitsolve/core/file.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

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

TEST(WriteFileAtomic, ADirectoryInTheWayKeepsNothingAndSaysWhere) {
    const fs::path d = fresh_dir("fail");
    const fs::path target = d / "taken";
    fs::create_directories(target / "inside");  // a non-empty directory cannot be replaced by a file
    try {
        write_file_atomic(target.string(), {"data"}, "checkpoint ");
        FAIL() << "expected an InputError";
    } catch (const InputError& e) {
        const std::string m = e.message();
        EXPECT_EQ(m, "cannot write checkpoint '" + target.string() + "': it is a directory, not a file");
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

TEST(WriteFileAtomic, TheMessageNamesTheTargetNotTheTemporaryFile) {
    const fs::path d = fresh_dir("named");
    const std::string file = (d / "no" / "c.ckpt").string();
    try {
        write_file_atomic(file, {"x"}, "checkpoint ");
        FAIL() << "expected an InputError";
    } catch (const InputError& e) {
        EXPECT_EQ(e.message(), "cannot create checkpoint '" + file + "': No such file or directory");
    }
    fs::remove_all(d);
}

TEST(WriteFileAtomic, APipeIsWrittenInPlaceNeverReplaced) {
    const fs::path d = fresh_dir("fifo");
    const fs::path fifo = d / "f";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::string got;
    std::thread reader([&] { got = slurp(fifo); });
    write_file_atomic(fifo.string(), {"through ", "the pipe"});
    reader.join();
    EXPECT_EQ(got, "through the pipe");
    EXPECT_TRUE(fs::is_fifo(fifo));
    EXPECT_EQ(entries(d), 1u);
    fs::remove_all(d);
}

TEST(WriteFileAtomic, ADeviceWithoutRoomIsALimit) {
    if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
    EXPECT_THROW(write_file_atomic("/dev/full", {"x"}), LimitError);
    EXPECT_TRUE(fs::is_character_file("/dev/full"));
}

TEST(WriteFileAtomic, ALinkKeepsPointingAtTheFileItNames) {
    const fs::path d = fresh_dir("link");
    write_file_atomic((d / "real").string(), {"old"});
    fs::create_symlink("real", d / "link");
    write_file_atomic((d / "link").string(), {"new"});
    EXPECT_TRUE(fs::is_symlink(d / "link"));
    EXPECT_EQ(slurp(d / "real"), "new");
    EXPECT_EQ(entries(d), 2u);
    fs::remove_all(d);
}

TEST(WriteFileAtomic, ADirectoryIsRefusedBeforeAnythingIsWritten) {
    const fs::path d = fresh_dir("dir");
    fs::create_directories(d / "out");
    EXPECT_THROW(write_file_atomic((d / "out").string(), {"x"}), InputError);
    EXPECT_EQ(entries(d), 1u);
    EXPECT_TRUE(fs::is_empty(d / "out"));
    fs::remove_all(d);
}

TEST(WriteFilesAtomic, OneFileThatCannotBeWrittenLeavesTheOthersAsTheyWere) {
    const fs::path d = fresh_dir("several");
    const std::string first = (d / "a.svg").string();
    write_file_atomic(first, {"old"});
    EXPECT_THROW(write_files_atomic({{first, {"new"}}, {(d / "no" / "b.html").string(), {"x"}}}), InputError);
    EXPECT_EQ(slurp(first), "old");
    EXPECT_EQ(entries(d), 1u);
    write_files_atomic({{first, {"new"}}, {(d / "b.html").string(), {"page"}}});
    EXPECT_EQ(slurp(first), "new");
    EXPECT_EQ(slurp(d / "b.html"), "page");
    fs::remove_all(d);
}

TEST(CheckWritable, RefusesWhatTheWriteWouldAndLeavesNothing) {
    const fs::path d = fresh_dir("check");
    check_writable((d / "new.txt").string());  // a file to be created: fine, nothing made
    EXPECT_EQ(entries(d), 0u);
    ASSERT_EQ(::mkfifo((d / "f").c_str(), 0600), 0);
    check_writable((d / "f").string());  // a pipe is written in place: no reader needed to check
    EXPECT_THROW(check_writable((d / "no" / "x").string()), InputError);
    for (const std::string& dir : {d.string(), d.string() + "/new/"}) {
        try {
            check_writable(dir, "output ");
            FAIL() << "expected an InputError for " << dir;
        } catch (const InputError& e) {
            EXPECT_EQ(e.message(), "cannot write output '" + dir + "': it is a directory, not a file");
        }
    }
    EXPECT_EQ(entries(d), 1u);
    fs::remove_all(d);
}

TEST(TempPathFor, IsBesideThePathAndNeverRepeats) {
    const std::string a = temp_path_for("/x/y"), b = temp_path_for("/x/y");
    EXPECT_EQ(a.rfind("/x/y.tmp-", 0), 0u);
    EXPECT_NE(a, b);
}

}  // namespace
}  // namespace bitsolve
