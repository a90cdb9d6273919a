module chimera

go 1.25

require (
	github.com/expr-lang/expr v1.17.8
	github.com/spf13/pflag v1.0.10
	gopkg.in/yaml.v3 v3.0.1
)
