package dev.kickout.it.support;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP relay on 127.0.0.1 in front of one server (a Redis), which a test can {@link #cut()} (every relayed
 * connection closed, new ones closed as soon as accepted) and {@link #restore()}, to take one instance's
 * link to Redis away while other instances keep theirs. Daemon threads; {@link #close()} stops it.
 */
public final class CuttableLink implements AutoCloseable {

    private final ServerSocket listener;
    private final int target;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean cut;

    public CuttableLink(int targetPort) {
        this.target = targetPort;
        try {
            listener = new ServerSocket();
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        daemon(this::accept, "link-accept");
    }

    /** The relay's port on 127.0.0.1. */
    public int port() {
        return listener.getLocalPort();
    }

    /** Closes every relayed connection and refuses new ones until {@link #restore()}. */
    public synchronized void cut() {
        cut = true;
        open.forEach(CuttableLink::quietly);
        open.clear();
    }

    public synchronized void restore() {
        cut = false;
    }

    @Override
    public void close() {
        cut();
        quietly(listener);
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = cut ? null : new Socket(InetAddress.getLoopbackAddress(), target);
                synchronized (this) {
                    if (cut || server == null) {
                        quietly(client);
                        if (server != null) {
                            quietly(server);
                        }
                        continue;
                    }
                    open.add(client);
                    open.add(server);
                }
                daemon(() -> pump(client, server), "link-up");
                daemon(() -> pump(server, client), "link-down");
            } catch (IOException e) {
                // listener closed, or the target refused: the client sees its connection fail
            }
        }
    }

    private void pump(Socket from, Socket to) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // either side closed: close both
        } finally {
            quietly(from);
            quietly(to);
            open.remove(from);
            open.remove(to);
        }
    }

    private static void daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
    }

    private static void quietly(Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
