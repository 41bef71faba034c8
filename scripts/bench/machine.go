package main

import (
	"bufio"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

// A machine is what the header says about where the tables were made.
type machine struct {
	cpu    string // the processor's model
	cores  int
	system string // the operating system and its kernel
	goVer  string // the Go that built xcover
	commit string // xcover's commit, and whether the tree had changes
}

// describe finds out what it can about the machine and the checkout at
// root; what it cannot find it leaves as "unknown".
func describe(root string) machine {
	m := machine{cpu: "unknown", cores: runtime.NumCPU(), system: runtime.GOOS, goVer: runtime.Version(), commit: "unknown"}
	if v := cpuinfo("model name"); v != "" {
		m.cpu = v
	}
	if v := osRelease("PRETTY_NAME"); v != "" {
		m.system = v
	}
	if k, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		m.system += ", kernel " + strings.TrimSpace(string(k))
	}
	if v, err := output(root, "go", "env", "GOVERSION"); err == nil && v != "" {
		m.goVer = v
	}
	if v, err := output(root, "git", "rev-parse", "--short=12", "HEAD"); err == nil && v != "" {
		m.commit = v
		if st, err := output(root, "git", "status", "--porcelain", "--untracked-files=no"); err == nil && st != "" {
			m.commit += " with uncommitted changes"
		}
	}
	return m
}

// output is the trimmed stdout of a command run in dir.
func output(dir string, argv ...string) (string, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	out, err := cmd.Output()
	return strings.TrimSpace(string(out)), err
}

// cpuinfo is the first value of key in /proc/cpuinfo, or "".
func cpuinfo(key string) string {
	return firstValue("/proc/cpuinfo", key, ":")
}

// osRelease is the value of key in /etc/os-release, unquoted, or "".
func osRelease(key string) string {
	return strings.Trim(firstValue("/etc/os-release", key, "="), `"`)
}

// firstValue is the value of the first line "key SEP value" of the file,
// or "".
func firstValue(path, key, sep string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), sep)
		if ok && strings.TrimSpace(k) == key {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
