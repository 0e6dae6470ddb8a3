package dev.kickout.internal.rest;

import dev.kickout.KickoutException;
import java.util.Optional;

/**
 * A feature's reading of a failure the container wrapped or reported in its own words (a rolled-back
 * commit, an optimistic-lock failure): the refusal the client should get instead, if the feature knows one.
 * Features implement it as CDI beans; the mappers here ask every one, so this layer names no feature's types.
 */
public interface RefusalFinder {

    Optional<KickoutException> behind(Throwable failure);
}
