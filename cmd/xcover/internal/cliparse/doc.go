// Package cliparse holds what xcover's command line needs to parse
// arguments with urfave/cli v2 beyond what it offers: flag values that
// check what they are given ([Count], [Duration], [Size]), flags after
// positional arguments ([PermuteArgs]), a suggestion for a misspelled
// name ([DidYouMean]) and urfave/cli's parsing errors in the words of the
// flags ([UsageMessage]). Every value's error says what it expected, in words
// that read well after the flag's name: "--limit 0: expected a whole
// number from 1 to …".
package cliparse
