package legacy.shop;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;

/** A Jackson-annotated DTO: its JSON shows which provider wrote it. */
public class Item {

    @JsonProperty("full_name")
    public String fullName;
    @JsonIgnore
    public String secret;
    public int stock;
}
