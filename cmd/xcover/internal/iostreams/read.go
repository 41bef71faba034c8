package iostreams

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// stdinName names stdin in messages.
const stdinName = "<stdin>"

// Open opens name ("-": stdin, which the caller must not close before the
// run ends; closing the returned value leaves it open). It returns the name
// to use in messages.
func (s *IO) Open(name string) (string, io.ReadCloser, error) {
	if name == "-" {
		if IsTerminal(s.Stdin) { // not for a pipe or /dev/null
			fmt.Fprintln(s.Stderr, "xcover: reading the input from the terminal; end it with Ctrl-D (or give a FILE)")
		}
		return stdinName, io.NopCloser(s.Stdin), nil
	}
	f, err := os.Open(s.Path(name))
	if err != nil {
		return name, nil, fmt.Errorf("%s: %v", name, PathError(err))
	}
	return name, f, nil
}

// OpenFile opens the file name, in the run's folder, for a file that is
// read back by name and written again (a checkpoint): "-" is a file's
// name, not stdin. Its error is the *fs.PathError itself, for the caller
// to say in its own words.
func (s *IO) OpenFile(name string) (*os.File, error) { return os.Open(s.Path(name)) }

// Stat returns what the file name is, in the run's folder.
func (s *IO) Stat(name string) (fs.FileInfo, error) { return os.Stat(s.Path(name)) }

// OpenInput opens name as Open does, gunzipped when its first bytes say
// so, as a stream: an error in the gzip data says what it means.
func (s *IO) OpenInput(name string) (string, io.ReadCloser, error) {
	name, f, err := s.Open(name)
	if err != nil {
		return name, nil, err
	}
	br := bufio.NewReader(f)
	if magic, _ := br.Peek(2); string(magic) != "\x1f\x8b" { // not gzip
		return name, readCloser{br, f}, nil
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		f.Close()
		return name, nil, fmt.Errorf("%s: %v", name, gzipError(err))
	}
	return name, readCloser{gunzipped{zr}, f}, nil
}

// readCloser reads from one value and closes another.
type readCloser struct {
	io.Reader
	io.Closer
}

// gunzipped reads gzip data, saying what an early end means.
type gunzipped struct{ r io.Reader }

func (g gunzipped) Read(p []byte) (int, error) {
	n, err := g.r.Read(p)
	if err != nil && err != io.EOF {
		err = gzipError(err)
	}
	return n, err
}

// ReadFile reads name ("-": stdin) whole, gunzipped when its first bytes
// say so, and refuses it beyond limit bytes (after gunzip), the most xcover
// reads of what ("a DLX file"), without reading further. It returns the
// name to use in messages.
func (s *IO) ReadFile(name string, limit int64, what string) (string, []byte, error) {
	name, f, err := s.OpenInput(name)
	if err != nil {
		return name, nil, err
	}
	defer f.Close()
	// Read into a buffer of the file's size, when it has one, rather than
	// one that grows by copying as io.ReadAll's does: a Sudoku batch of
	// megabytes would allocate twice its size and more.
	buf := bytes.NewBuffer(make([]byte, 0, sizeHint(f, limit)))
	_, err = buf.ReadFrom(io.LimitReader(f, limit+1))
	data := buf.Bytes()
	if err == nil && int64(len(data)) > limit {
		err = fmt.Errorf("larger than %d bytes, the most xcover reads of %s", limit, what)
	}
	if err != nil {
		return name, nil, fmt.Errorf("%s: %v", name, PathError(err))
	}
	return name, data, nil
}

// sizeHint returns the room to read f in, as OpenInput opened it: a
// plain file's size, with the room bytes.Buffer wants free before it
// reads again (which meets the end of the file), and at most limit+1
// bytes; 0 for a pipe or gzip data, whose size is not known.
func sizeHint(f io.ReadCloser, limit int64) int {
	rc, ok := f.(readCloser)
	if !ok {
		return 0
	}
	file, ok := rc.Closer.(*os.File)
	if _, gz := rc.Reader.(gunzipped); gz || !ok {
		return 0
	}
	fi, err := file.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return 0
	}
	return int(min(fi.Size()+bytes.MinRead, limit+1))
}

// gzipError says what an unexpected end of gzip data means.
func gzipError(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return errors.New("truncated gzip data (unexpected end of file)")
	}
	return err
}

// PathError drops the operation and path from an *fs.PathError, which the
// message already names: "x.yaml: no such file or directory".
func PathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
