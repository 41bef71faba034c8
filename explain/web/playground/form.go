package playground

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"

	"github.com/xcover/xcover/explain/web"
)

// formError is a request whose form cannot be read: the status to answer
// with, and why.
type formError struct {
	status int
	msg    string
}

// readForm reads the fields kind and input of a POST: URL-encoded, as the
// page sends them, or as multipart/form-data (curl -F), the input a field
// or a file. The body is bounded by maxBodyBytes and the input, as pasted,
// by web.MaxInputBytes.
func readForm(w http.ResponseWriter, r *http.Request) (kind, input string, _ *formError) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
	media, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch media {
	case "application/x-www-form-urlencoded":
		if err := r.ParseForm(); err != nil {
			return "", "", badForm(err)
		}
		kind, input = r.PostForm.Get("kind"), r.PostForm.Get("input")
	case "multipart/form-data":
		// In memory: the body is smaller than maxBodyBytes.
		if err := r.ParseMultipartForm(maxBodyBytes); err != nil {
			return "", "", badForm(err)
		}
		defer r.MultipartForm.RemoveAll()
		form := r.MultipartForm
		if v := form.Value["kind"]; len(v) > 0 {
			kind = v[0]
		}
		if v := form.Value["input"]; len(v) > 0 {
			input = v[0]
		} else if f := form.File["input"]; len(f) > 0 {
			file, err := f[0].Open()
			if err != nil {
				return "", "", badForm(err)
			}
			defer file.Close()
			data, err := io.ReadAll(io.LimitReader(file, web.MaxInputBytes+1))
			if err != nil {
				return "", "", badForm(err)
			}
			input = string(data)
		}
	default:
		return "", "", &formError{http.StatusUnsupportedMediaType,
			fmt.Sprintf("expected a form with the fields kind and input, as application/x-www-form-urlencoded or multipart/form-data, not %q", r.Header.Get("Content-Type"))}
	}
	if len(input) > web.MaxInputBytes {
		return "", "", &formError{http.StatusRequestEntityTooLarge, fmt.Sprintf("the input has more than MaxInputBytes = %d bytes", web.MaxInputBytes)}
	}
	return kind, input, nil
}

// badForm says why a form could not be read.
func badForm(err error) *formError {
	if tooLarge := new(http.MaxBytesError); errors.As(err, &tooLarge) {
		return &formError{http.StatusRequestEntityTooLarge,
			fmt.Sprintf("the request has more than %d bytes: the input may have at most MaxInputBytes = %d", maxBodyBytes, web.MaxInputBytes)}
	}
	return &formError{http.StatusBadRequest, "the form cannot be read: " + err.Error()}
}
