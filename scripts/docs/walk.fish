function __secscan_walk
    set -l path ''
    set -l positional 0
    set -l words (commandline -opc)
    set -e words[1]
    set -l skip 0
    for i in (seq (count $words))
        set -l word $words[$i]
        if test $skip = 1
            set skip 0
        else if string match -q -- '-?*' $word
            if not string match -q -- '*=*' $word
                if __secscan_takes_value "$path" $word
                    set skip 1
                else if __secscan_optional_value "$path" $word; and test $i -lt (count $words)
                    test -z (__secscan_child "$path" $words[(math $i + 1)]); and not string match -q -- '-*' $words[(math $i + 1)]; and set skip 1
                end
            end
        else
            set -l child (__secscan_child "$path" $word)
            if test -n "$child"
                set path $child
            else
                set positional (math $positional + 1)
            end
        end
    end
    echo $path
    echo $positional
end

function __secscan_path
    set -l walked (__secscan_walk)
    echo $walked[1]
end

function __secscan_at
    test "$(__secscan_path)" = "$argv[1]"
end

# The positional argument being typed is number $argv[2] (from 0) of the command $argv[1]; with a third
# argument, any from that number on (a variadic argument).
function __secscan_arg
    set -l walked (__secscan_walk)
    test "$walked[1]" = "$argv[1]"; or return 1
    if set -q argv[3]
        test $walked[2] -ge $argv[2]
    else
        test $walked[2] = $argv[2]
    end
end

# One of the options $argv (such as --tag or -t) is on the line already, alone or as --tag=VALUE.
function __secscan_given
    for word in (commandline -opc)[2..-1]
        for name in $argv
            if test "$word" = $name; or string match -q -- "$name=*" $word
                return 0
            end
        end
    end
    return 1
end

function __secscan_live
    set -l words (commandline -opc)
    set -l settings
    for i in (seq 2 (count $words))
        switch $words[$i]
            case --profile --base-url --org
                set -q words[(math $i + 1)]; and set -a settings $words[$i] $words[(math $i + 1)]
            case '--profile=*' '--base-url=*' '--org=*' --allow-insecure-http
                set -a settings $words[$i]
        end
    end
    $words[1] __complete $argv[1] $settings 2>/dev/null
end
