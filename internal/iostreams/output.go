package iostreams

import (
	"fmt"
	"path/filepath"

	"github.com/google/renameio/v2"
)

// OutputFile is a file written besides stdout (--tree, --svg, --zdd),
// whole or not at all: a temporary file is created beside it before
// anything is printed, so that a bad path is an error at once, and renamed
// over it at Commit (renameio: synced first, so that a crash leaves the old
// file or the new one). A nil *OutputFile is no file.
type OutputFile struct {
	flag, name string
	tmp        *renameio.PendingFile
}

// CreateOutput prepares the file name that flag names; stdout ("-") is
// refused, since it is for the solutions.
func (s *IO) CreateOutput(flag, name string) (o *OutputFile, err error) {
	if name == "" || name == "-" {
		return nil, fmt.Errorf("%s %q: expected a file name (stdout is for the solutions)", flag, name)
	}
	o = &OutputFile{flag: flag, name: name}
	path := s.Path(name)
	if o.tmp, err = renameio.NewPendingFile(path, renameio.WithTempDir(filepath.Dir(path)), renameio.WithStaticPermissions(0o644)); err != nil {
		return nil, fmt.Errorf("%s %s: %v", flag, name, PathError(err))
	}
	return o, nil
}

// Commit writes data and puts the file in place.
func (o *OutputFile) Commit(data []byte) error {
	_, err := o.tmp.Write(data)
	if err == nil {
		err = o.tmp.CloseAtomicallyReplace()
	}
	if err != nil {
		o.tmp.Cleanup()
		return fmt.Errorf("%s %s: %v", o.flag, o.name, PathError(err))
	}
	return nil
}

// Abort leaves no file behind (after Commit, it does nothing).
func (o *OutputFile) Abort() {
	if o != nil {
		o.tmp.Cleanup()
	}
}
