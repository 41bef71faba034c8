package located_test

import (
	"errors"
	"fmt"

	"github.com/xcover/xcover/internal/located"
)

var ErrBoard = errors.New("bad board")

func ExampleError() {
	// A reader wraps its sentinel with the detail, and says where.
	err := error(&located.Error{File: "board.txt", Line: 3, Column: 7,
		Err: fmt.Errorf("%w: unexpected %q", ErrBoard, 'o')})
	fmt.Println(err)
	fmt.Println(errors.Is(err, ErrBoard))

	// A message for people, the sentinel only for programs; no column.
	err = &located.Error{File: "board.txt", Line: 4, Msg: "the board has no cells", Err: ErrBoard}
	fmt.Println(err)
	fmt.Println(errors.Is(err, ErrBoard))
	// Output:
	// board.txt:3:7: bad board: unexpected 'o'
	// true
	// board.txt:4: the board has no cells
	// true
}
