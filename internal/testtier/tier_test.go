package testtier

import "testing"

func TestLongFollowsTheEnvironment(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  bool
	}{{"1", true}, {"", false}, {"0", false}, {"yes", false}} {
		t.Setenv(LongEnv, tt.value)
		if got := Longs(); got != tt.want {
			t.Errorf("%s=%q: Longs() = %v, want %v", LongEnv, tt.value, got, tt.want)
		}
	}
}

func TestShortUnderRace(t *testing.T) {
	t.Setenv(LongEnv, "")
	if want := testing.Short() || raceEnabled; Short() != want {
		t.Errorf("Short() = %v, want %v (race %v)", Short(), want, raceEnabled)
	}
	t.Setenv(LongEnv, "1")
	if Short() != testing.Short() {
		t.Errorf("with long tests asked for, Short() = %v, want -short's %v", Short(), testing.Short())
	}
}
