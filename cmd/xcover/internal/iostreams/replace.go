package iostreams

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/google/renameio/v2"
)

// ReplaceFile replaces the file at path by data, atomically and durably,
// for a file that a later run reads back (a checkpoint): data goes to a
// temporary file beside it, which is synced and renamed over path, and
// the folder is synced, so that a crash at any moment leaves either the
// old file or the new one. On error the old file is intact. A symbolic
// link stays, and the file it points to is replaced; anything but a
// regular file (a device, a FIFO, a folder) is refused, never replaced.
func ReplaceFile(path string, data []byte) error {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return errors.New("not a regular file: a file replaced whole cannot be a device, a FIFO or a folder")
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	if err := renameio.WriteFile(path, data, 0o644); err != nil {
		return PathError(err)
	}
	// renameio syncs the file; the rename itself is durable once the
	// folder is.
	dir, err := os.Open(filepath.Dir(path))
	if err != nil {
		return PathError(err)
	}
	defer dir.Close()
	return PathError(dir.Sync())
}
