package iostreams

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/google/renameio/v2"
)

// OutputFile is a file written besides stdout (--tree, --svg, --zdd),
// whole or not at all. What it is decides how:
//
//   - A regular file, or a name that does not exist yet: a temporary file
//     is created beside it before anything is printed, so that a bad path
//     is an error at once, and renamed over it at Commit (renameio: synced
//     first, so that a crash leaves the old file or the new one). An
//     existing file keeps its permission bits; a new one gets 0644.
//   - A symbolic link: the same for the file it points to, in that file's
//     folder; the link stays. A link to nothing is refused.
//   - A device or a FIFO (/dev/null, a named pipe, /dev/stdout on a pipe): written
//     through at Commit, as a shell's redirection would, never replaced;
//     the device's own error, such as /dev/full's "no space left on
//     device", is the command's.
//
// A nil *OutputFile is no file.
type OutputFile struct {
	flag, name string
	tmp        *renameio.PendingFile // a regular file, replaced at Commit
	through    string                // or the path of a device or FIFO, opened at Commit
}

// CheckOutputName refuses a name that flag cannot write to: none, or
// stdout ("-"), which is for the solutions. A command checks it as it
// parses its flags, before it reads anything; [IO.CreateOutput] checks it
// again.
func CheckOutputName(flag, name string) error {
	if name == "" || name == "-" {
		return fmt.Errorf("%s %q: expected a file name (stdout is for the solutions)", flag, name)
	}
	return nil
}

// CreateOutput prepares the file name that flag names; stdout ("-") is
// refused, since it is for the solutions.
func (s *IO) CreateOutput(flag, name string) (*OutputFile, error) {
	if err := CheckOutputName(flag, name); err != nil {
		return nil, err
	}
	o := &OutputFile{flag: flag, name: name}
	path := s.Path(name)
	switch fi, err := os.Stat(path); { // through symbolic links
	case errors.Is(err, fs.ErrNotExist):
		if _, err := os.Lstat(path); err == nil {
			return nil, o.fail(errors.New("a symbolic link to a missing file"))
		}
	case err != nil:
		return nil, o.fail(err)
	case fi.IsDir():
		return nil, o.fail(errors.New("is a directory, expected a file"))
	case fi.Mode()&fs.ModeSocket != 0:
		return nil, o.fail(errors.New("is a socket, expected a file, a device or a FIFO"))
	case !fi.Mode().IsRegular():
		// A device or a FIFO, perhaps through a link (/dev/stdout):
		// opening a FIFO waits for its reader, so not before Commit.
		o.through = path
		return o, nil
	default: // a regular file: replace the file a link points to, not the link
		if path, err = filepath.EvalSymlinks(path); err != nil {
			return nil, o.fail(err)
		}
	}
	var err error
	o.tmp, err = renameio.NewPendingFile(path, renameio.WithTempDir(filepath.Dir(path)),
		renameio.WithStaticPermissions(0o644), renameio.WithExistingPermissions())
	if err != nil {
		return nil, o.fail(err)
	}
	return o, nil
}

// Commit writes data and puts the file in place.
func (o *OutputFile) Commit(data []byte) error {
	if o.tmp == nil {
		return o.writeThrough(data)
	}
	_, err := o.tmp.Write(data)
	if err == nil {
		err = o.tmp.CloseAtomicallyReplace()
	}
	if err != nil {
		o.tmp.Cleanup()
		return o.fail(err)
	}
	return nil
}

// writeThrough writes data to the device or FIFO o names.
func (o *OutputFile) writeThrough(data []byte) error {
	f, err := os.OpenFile(o.through, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return o.fail(err)
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return o.fail(err)
	}
	return nil
}

// fail is err in the words of the flag: "--tree x.dot: permission denied".
func (o *OutputFile) fail(err error) error {
	return fmt.Errorf("%s %s: %v", o.flag, o.name, PathError(err))
}

// Abort leaves no file behind (after Commit, it does nothing).
func (o *OutputFile) Abort() {
	if o != nil && o.tmp != nil {
		o.tmp.Cleanup()
	}
}
