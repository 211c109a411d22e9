package io.wanlint.report.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.EjbInterfaces;
import io.wanlint.analyzer.api.MethodTransaction;
import io.wanlint.analyzer.api.PersistenceType;

import java.io.IOException;

/** One component as the check report and {@code graph --kind components} both spell it. */
public final class ComponentJson {
    private ComponentJson() {}

    public static void write(JsonGenerator gen, Component c, String site) throws IOException {
        gen.writeStartObject();
        gen.writeStringField("name", c.name());
        gen.writeStringField("kind", c.kind().name());
        gen.writeStringField("tier", c.tier().name());
        gen.writeStringField("className", c.className());
        JsonOutput.optional(gen, "site", site);
        if (c.kind().isEjb()) {
            gen.writeStringField("ejbName", c.name());
            writeInterfaces(gen, c.interfaces());
            if (c.transactionType() != null) gen.writeStringField("transactionType", c.transactionType().name());
        }
        if (c.persistence() != PersistenceType.NONE) gen.writeStringField("persistence", c.persistence().name());
        JsonOutput.optional(gen, "jndiName", c.jndiName());
        JsonOutput.optional(gen, "localJndiName", c.localJndiName());
        if (c.readOnly()) gen.writeBooleanField("readOnly", true);
        if (!c.transactions().isEmpty()) {
            gen.writeArrayFieldStart("transactionAttributes");
            for (MethodTransaction t : c.transactions()) {
                gen.writeStartObject();
                gen.writeStringField("method", t.method());
                if (t.parameterTypes() != null) JsonOutput.stringArray(gen, "parameterTypes", t.parameterTypes());
                JsonOutput.optional(gen, "methodIntf", t.methodIntf());
                gen.writeStringField("attribute", t.attribute().descriptorName());
                gen.writeStringField("source", t.source().name());
                gen.writeEndObject();
            }
            gen.writeEndArray();
        }
        if (!c.urlPatterns().isEmpty()) JsonOutput.stringArray(gen, "urlPatterns", c.urlPatterns());
        gen.writeEndObject();
    }

    private static void writeInterfaces(JsonGenerator gen, EjbInterfaces i) throws IOException {
        if (i.all().isEmpty() && !i.noInterfaceView()) return;
        gen.writeObjectFieldStart("interfaces");
        JsonOutput.optional(gen, "home", i.home());
        JsonOutput.optional(gen, "remote", i.remote());
        JsonOutput.optional(gen, "localHome", i.localHome());
        JsonOutput.optional(gen, "local", i.local());
        if (!i.remoteBusiness().isEmpty()) JsonOutput.stringArray(gen, "remoteBusiness", i.remoteBusiness());
        if (!i.localBusiness().isEmpty()) JsonOutput.stringArray(gen, "localBusiness", i.localBusiness());
        if (i.noInterfaceView()) gen.writeBooleanField("noInterfaceView", true);
        gen.writeEndObject();
    }
}
