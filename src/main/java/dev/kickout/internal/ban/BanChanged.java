package dev.kickout.internal.ban;

import dev.kickout.Actor;
import dev.kickout.BanView;

/** CDI event: a user was banned ({@link #BANNED}) or a ban lifted ({@link #LIFTED}), by {@code actor}. */
public record BanChanged(String action, BanView ban, Actor actor) {

    public static final String BANNED = "USER_BANNED";
    public static final String LIFTED = "BAN_LIFTED";
}
